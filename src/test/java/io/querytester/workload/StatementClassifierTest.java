package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementClassifierTest {

  @ParameterizedTest(name = "{1}: {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      nullValues = "-",
      textBlock =
          """
          SELECT 1                                                  | READ
          select * from t                                           | READ
          /* app:foo */ SELECT a FROM t                             | READ
          -- leading comment\\nSELECT 1                             | READ
          ~# hash comment\\nSELECT 1~                               | READ
          /*!40001 SQL_NO_CACHE */ SELECT 1                         | READ
          /*+ hint */ SELECT 1                                      | READ
          (SELECT a FROM t) UNION (SELECT b FROM u)                 | READ
          ((VALUES ROW(1)))                                         | READ
          SHOW TABLES                                               | READ
          SHOW /*!50002 GLOBAL */ STATUS                            | READ
          EXPLAIN SELECT 1                                          | READ
          EXPLAIN FORMAT=JSON UPDATE t SET a=1                      | READ
          EXPLAIN ANALYZE SELECT * FROM t                           | READ
          EXPLAIN ANALYZE DELETE FROM t                             | WRITE
          DESCRIBE t                                                | READ
          DESC t                                                    | READ
          WITH c AS (SELECT 1) SELECT * FROM c                      | READ
          WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n < 5) SELECT n FROM c | READ
          WITH c AS (SELECT id FROM t) UPDATE t JOIN c USING (id) SET a = 1 | WRITE
          WITH c AS (SELECT id FROM t) DELETE FROM t WHERE id IN (SELECT id FROM c) | WRITE
          WITH c AS (SELECT 1) (SELECT * FROM c)                    | READ
          TABLE t                                                   | READ
          VALUES ROW(1, 2)                                          | READ
          DO SLEEP(1)                                               | READ
          HELP 'select'                                             | READ
          CHECKSUM TABLE t                                          | READ
          INSERT INTO t VALUES (1)                                  | WRITE
          insert ignore into t select * from u                      | WRITE
          UPDATE t SET a = 1                                        | WRITE
          DELETE FROM t                                             | WRITE
          REPLACE INTO t VALUES (1)                                 | WRITE
          LOAD DATA INFILE '/tmp/x' INTO TABLE t                    | WRITE
          LOAD XML INFILE '/tmp/x' INTO TABLE t                     | WRITE
          CALL p(1)                                                 | WRITE
          ANALYZE SELECT * FROM t                                   | READ
          ANALYZE FORMAT=JSON SELECT * FROM t                       | READ
          ANALYZE UPDATE t SET a = 1                                | WRITE
          ANALYZE TABLE t                                           | ADMIN
          ANALYZE NO_WRITE_TO_BINLOG TABLE t                        | ADMIN
          CREATE TABLE t (id INT)                                   | DDL
          CREATE TABLE user (id INT)                                | DDL
          CREATE TEMPORARY TABLE t (id INT)                         | DDL
          CREATE OR REPLACE VIEW v AS SELECT 1                      | DDL
          CREATE ALGORITHM=MERGE DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW v AS SELECT 1 | DDL
          /*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50013 DEFINER=`root`@`%` SQL SECURITY DEFINER */ /*!50001 VIEW `v` AS select 1 */ | DDL
          CREATE UNIQUE INDEX i ON t (a)                            | DDL
          ALTER TABLE t ADD COLUMN b INT                            | DDL
          ALTER ONLINE TABLE t ADD COLUMN b INT                     | DDL
          DROP TABLE IF EXISTS t                                    | DDL
          RENAME TABLE a TO b                                       | DDL
          TRUNCATE TABLE t                                          | DDL
          CREATE USER 'u'@'%' IDENTIFIED BY 'p'                     | ADMIN
          CREATE OR REPLACE USER u                                  | ADMIN
          ALTER USER u IDENTIFIED BY 'p'                            | ADMIN
          DROP USER u                                               | ADMIN
          RENAME USER a TO b                                        | ADMIN
          CREATE ROLE r                                             | ADMIN
          ALTER INSTANCE ROTATE INNODB MASTER KEY                   | ADMIN
          CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'x') | ADMIN
          DROP PREPARE stmt                                         | SESSION
          SET NAMES utf8mb4                                         | SESSION
          /*!40101 SET NAMES utf8 */                                | SESSION
          SET @x = 1                                                | SESSION
          SET @x := (SELECT MAX(id) FROM t)                         | SESSION
          SET SESSION sql_mode = ''                                 | SESSION
          SET @@session.sql_mode = ''                               | SESSION
          SET sql_mode = @@global.sql_mode                          | SESSION
          SET @x = 'GLOBAL'                                         | SESSION
          SET TRANSACTION ISOLATION LEVEL READ COMMITTED            | SESSION
          SET autocommit = 0                                        | SESSION
          SET ROLE ALL                                              | SESSION
          USE db                                                    | SESSION
          PREPARE s FROM 'SELECT 1'                                 | SESSION
          DEALLOCATE PREPARE s                                      | SESSION
          SET GLOBAL max_connections = 10                           | ADMIN
          set global max_connections = 10                           | ADMIN
          SET PERSIST max_connections = 10                          | ADMIN
          SET PERSIST_ONLY max_connections = 10                     | ADMIN
          SET @@global.max_connections = 10                         | ADMIN
          SET @@GLOBAL.max_connections = 10                         | ADMIN
          SET sql_mode = '', GLOBAL max_connections = 10            | ADMIN
          SET GLOBAL TRANSACTION ISOLATION LEVEL READ COMMITTED     | ADMIN
          SET PASSWORD FOR u = 'x'                                  | ADMIN
          SET DEFAULT ROLE r TO u                                   | ADMIN
          SET STATEMENT max_statement_time=1 FOR SELECT * FROM t    | READ
          SET STATEMENT sql_mode='' FOR UPDATE t SET a = 1          | WRITE
          BEGIN                                                     | TRANSACTION
          BEGIN WORK                                                | TRANSACTION
          START TRANSACTION READ ONLY                               | TRANSACTION
          COMMIT                                                    | TRANSACTION
          ROLLBACK TO SAVEPOINT s                                   | TRANSACTION
          SAVEPOINT s                                               | TRANSACTION
          RELEASE SAVEPOINT s                                       | TRANSACTION
          XA START 'x'                                              | TRANSACTION
          LOCK TABLES t READ                                        | TRANSACTION
          UNLOCK TABLES                                             | TRANSACTION
          LOCK INSTANCE FOR BACKUP                                  | ADMIN
          BEGIN NOT ATOMIC SELECT 1; END                            | OTHER
          GRANT SELECT ON *.* TO u                                  | ADMIN
          REVOKE ALL ON *.* FROM u                                  | ADMIN
          FLUSH TABLES WITH READ LOCK                               | ADMIN
          KILL 42                                                   | ADMIN
          KILL QUERY 42                                             | ADMIN
          SHUTDOWN                                                  | ADMIN
          INSTALL PLUGIN p SONAME 'p.so'                            | ADMIN
          CHANGE MASTER TO MASTER_HOST='h'                          | ADMIN
          CHANGE REPLICATION SOURCE TO SOURCE_HOST='h'              | ADMIN
          START SLAVE                                               | ADMIN
          START REPLICA                                             | ADMIN
          STOP SLAVE                                                | ADMIN
          RESET MASTER                                              | ADMIN
          PURGE BINARY LOGS TO 'mysql-bin.000010'                   | ADMIN
          OPTIMIZE TABLE t                                          | ADMIN
          CHECK TABLE t                                             | ADMIN
          LOAD INDEX INTO CACHE t                                   | ADMIN
          EXECUTE s                                                 | READ
          HANDLER t OPEN                                            | OTHER
          administrator command: Ping                               | OTHER
          ~~                                                        | OTHER
          /* only a comment */                                      | OTHER
          'just a string'                                           | OTHER
          )))                                                       | OTHER
          """)
  void kindOf(String sql, StatementKind kind) {
    assertThat(StatementClassifier.classify(sql.replace("\\n", "\n"))).isEqualTo(kind);
    assertThat(SqlProfile.of(sql.replace("\\n", "\n")).kind()).isEqualTo(kind);
  }
}
