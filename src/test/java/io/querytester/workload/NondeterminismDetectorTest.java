package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NondeterminismDetectorTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      nullValues = "-",
      textBlock =
          """
          SELECT NOW()                                          | NOW()
          select now(6)                                         | NOW()
          SELECT CURRENT_TIMESTAMP                              | CURRENT_TIMESTAMP()
          SELECT CURRENT_TIMESTAMP(3)                           | CURRENT_TIMESTAMP()
          SELECT * FROM t WHERE d = CURRENT_DATE                | CURRENT_DATE()
          SELECT CURRENT_TIME, LOCALTIME, LOCALTIMESTAMP()      | CURRENT_TIME(),LOCALTIME(),LOCALTIMESTAMP()
          SELECT CURDATE(), CURTIME(), SYSDATE()                | CURDATE(),CURTIME(),SYSDATE()
          SELECT UTC_DATE, UTC_TIME(), UTC_TIMESTAMP            | UTC_DATE(),UTC_TIME(),UTC_TIMESTAMP()
          SELECT UNIX_TIMESTAMP()                               | UNIX_TIMESTAMP()
          SELECT UNIX_TIMESTAMP(created) FROM t                 | -
          SELECT RAND()                                         | RAND()
          SELECT RAND(42)                                       | -
          SELECT * FROM t ORDER BY RAND() LIMIT 1               | RAND()
          SELECT UUID(), UUID_SHORT()                           | UUID(),UUID_SHORT()
          SELECT CONNECTION_ID()                                | CONNECTION_ID()
          SELECT LAST_INSERT_ID()                               | LAST_INSERT_ID()
          SELECT FOUND_ROWS()                                   | FOUND_ROWS()
          SELECT ROW_COUNT()                                    | ROW_COUNT()
          SELECT VERSION()                                      | VERSION()
          select @@version_comment limit 1                      | @@version
          SELECT @@GLOBAL.version                               | @@version
          SELECT PREVIOUS VALUE FOR s                           | LASTVAL()
          SELECT * FROM t LIMIT 10                              | LIMIT without ORDER BY
          SELECT * FROM t ORDER BY id LIMIT 10                  | -
          SELECT * FROM t ORDER BY id LIMIT 10 OFFSET 5         | -
          SELECT * FROM t FETCH FIRST 5 ROWS ONLY               | LIMIT without ORDER BY
          SELECT * FROM t ORDER BY a FETCH FIRST 5 ROWS ONLY    | -
          DELETE FROM t WHERE a = 1 LIMIT 10                    | LIMIT without ORDER BY
          UPDATE t SET a = 1 LIMIT 10                           | LIMIT without ORDER BY
          SELECT * FROM (SELECT * FROM t ORDER BY a) x LIMIT 1  | LIMIT without ORDER BY
          SELECT * FROM (SELECT * FROM t LIMIT 5) x ORDER BY a  | LIMIT without ORDER BY
          SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t LIMIT 3 | LIMIT without ORDER BY
          SELECT * FROM t WHERE a IN (SELECT b FROM u ORDER BY b LIMIT 5) | -
          SELECT a FROM t UNION SELECT b FROM u ORDER BY 1 LIMIT 5 | -
          SELECT a FROM t ORDER BY a LIMIT 1 UNION SELECT b FROM u LIMIT 5 | LIMIT without ORDER BY
          SELECT EXISTS (SELECT 1 FROM t WHERE a = 1 LIMIT 1)   | -
          SELECT 1 LIMIT 1                                      | -
          SHOW BINLOG EVENTS LIMIT 10                           | -
          SHOW PROCESSLIST                                      | SHOW PROCESSLIST
          SHOW GLOBAL STATUS                                    | SHOW STATUS
          SHOW TABLE STATUS                                     | SHOW STATUS
          SHOW ENGINE INNODB STATUS                             | SHOW ENGINE,SHOW STATUS
          SELECT 'NOW()', "RAND()" FROM t /* UUID() */ -- SYSDATE()\\n | -
          SELECT `now`, t.now, now FROM t                       | -
          SELECT db.now()                                       | -
          SELECT /*!50100 NOW() */                              | NOW()
          CREATE TABLE t (ts TIMESTAMP DEFAULT CURRENT_TIMESTAMP) | CURRENT_TIMESTAMP()
          SELECT * FROM t WHERE id = 5                          | -
          """)
  void markers(String sql, String expected) {
    String text = sql.replace("\\n", "\n");
    SqlProfile p = SqlProfile.of(text);
    if (expected == null) {
      assertThat(p.nondeterminism()).isEmpty();
    } else {
      assertThat(p.nondeterminism()).containsExactly(expected.split(","));
    }
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      nullValues = "-",
      textBlock =
          """
          SELECT * FROM t WHERE id = 1 FOR UPDATE               | FOR UPDATE
          SELECT * FROM t WHERE id = 1 FOR UPDATE SKIP LOCKED   | FOR UPDATE
          SELECT * FROM t FOR SHARE                             | FOR SHARE
          SELECT * FROM t LOCK IN SHARE MODE                    | LOCK IN SHARE MODE
          SELECT * FROM t INTO OUTFILE '/tmp/x'                 | INTO OUTFILE
          SELECT * INTO OUTFILE '/tmp/x' FROM t                 | INTO OUTFILE
          SELECT a FROM t INTO DUMPFILE '/tmp/x'                | INTO DUMPFILE
          SELECT a INTO @x FROM t                               | INTO @var
          SELECT a, b INTO @x, @y FROM t LIMIT 1                | INTO @var
          SELECT a INTO v FROM t                                | INTO variable
          SELECT GET_LOCK('x', 10)                              | GET_LOCK()
          SELECT RELEASE_LOCK('x')                              | RELEASE_LOCK()
          SELECT RELEASE_ALL_LOCKS()                            | RELEASE_ALL_LOCKS()
          SELECT IS_FREE_LOCK('x')                              | IS_FREE_LOCK()
          SELECT IS_USED_LOCK('x')                              | IS_USED_LOCK()
          SELECT SLEEP(1)                                       | SLEEP()
          select sleep (1)                                      | SLEEP()
          DO SLEEP(1)                                           | SLEEP()
          SELECT BENCHMARK(1000000, MD5('x'))                   | BENCHMARK()
          SELECT @x := a FROM t                                 | user variable assignment (@var :=)
          SELECT @rownum := @rownum + 1, a FROM t               | user variable assignment (@var :=)
          SELECT NEXTVAL(s)                                     | NEXTVAL()
          SELECT SETVAL(s, 10)                                  | SETVAL()
          SELECT NEXT VALUE FOR s                               | NEXT VALUE FOR
          SELECT MASTER_POS_WAIT('f', 4)                        | MASTER_POS_WAIT()
          SELECT LOAD_FILE('/etc/passwd')                       | LOAD_FILE()
          SET @x = GET_LOCK('x', 1)                             | GET_LOCK()
          SET STATEMENT max_statement_time=1 FOR SELECT * FROM t FOR UPDATE | FOR UPDATE
          /*!40001 SELECT SLEEP(1) */                           | SLEEP()
          SELECT @x = 1                                         | -
          SELECT * FROM t WHERE a = 'FOR UPDATE'                | -
          SELECT * FROM t /* FOR UPDATE */                      | -
          SELECT 'SLEEP(1)', `sleep` FROM t                     | -
          SELECT t.sleep(1) FROM t                              | -
          SELECT `GET_LOCK`(1)                                  | -
          SET @x := 5                                           | -
          SELECT * FROM t                                       | -
          SHOW TABLES                                           | -
          """)
  void unsafeReads(String sql, String reason) {
    assertThat(SqlProfile.of(sql).unsafeReason()).isEqualTo(reason);
    assertThat(SqlProfile.of(sql).safeRead())
        .isEqualTo(reason == null && SqlProfile.of(sql).kind() == StatementKind.READ);
  }

  @Test
  void unsafeReasonsAreForReadsAndSessionStatementsOnly() {
    assertThat(SqlProfile.of("INSERT INTO t SELECT * FROM u FOR UPDATE").unsafeReason()).isNull();
    assertThat(SqlProfile.of("INSERT INTO t VALUES (SLEEP(1))").unsafeReason()).isNull();
    assertThat(SqlProfile.of("SET GLOBAL x = 1").kind()).isEqualTo(StatementKind.ADMIN);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      nullValues = "-",
      textBlock =
          """
          SELECT * FROM t ORDER BY a                                   | true
          select * from t order by a desc limit 5                      | true
          SELECT * FROM t                                              | false
          SELECT * FROM (SELECT * FROM t ORDER BY a) x                 | false
          SELECT a, (SELECT b FROM u ORDER BY b LIMIT 1) FROM t        | false
          SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t              | false
          SELECT a, ROW_NUMBER() OVER w FROM t WINDOW w AS (ORDER BY a) | false
          SELECT GROUP_CONCAT(a ORDER BY a) FROM t                     | false
          SELECT a FROM t WHERE b IN (SELECT c FROM u ORDER BY c)      | false
          (SELECT a FROM t ORDER BY a)                                 | true
          (SELECT a FROM t ORDER BY a);                                | true
          ((SELECT a FROM t ORDER BY a))                               | true
          (SELECT a FROM t ORDER BY a) UNION (SELECT b FROM u)         | false
          (SELECT a FROM t) UNION (SELECT b FROM u) ORDER BY 1         | true
          SELECT a FROM t UNION SELECT b FROM u ORDER BY 1             | true
          WITH c AS (SELECT a FROM t ORDER BY a) SELECT * FROM c       | false
          WITH c AS (SELECT a FROM t) SELECT * FROM c ORDER BY a       | true
          SELECT * FROM t WHERE a = 'ORDER BY'                         | false
          SELECT * FROM t /* ORDER BY a */                             | false
          SELECT * FROM t ORDER/**/BY a                                | true
          """)
  void ordered(String sql, boolean ordered) {
    assertThat(SqlProfile.of(sql).ordered()).isEqualTo(ordered);
  }
}
