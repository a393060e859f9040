package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.Workloads;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WrittenTablesTest {

  /** The tables one statement writes in schema {@code app}, comma-separated, sorted. */
  private static String written(String sql) {
    WrittenTables w = new WrittenTables();
    w.add(QueryEvent.of(1, "app", sql));
    return String.join(",", w.tables());
  }

  @ParameterizedTest(name = "{0} writes {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      nullValues = "-",
      textBlock =
          """
          INSERT INTO t VALUES (1)                                      | app.t
          insert t set a = 1                                            | app.t
          INSERT LOW_PRIORITY IGNORE INTO shop.orders (a) VALUES (1)    | shop.orders
          INSERT INTO `my db`.`odd``name` VALUES (1)                    | my db.odd`name
          INSERT INTO t SELECT * FROM u JOIN v ON u.id = v.id           | app.t
          INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = a + 1 | app.t
          /* app */ INSERT /*! IGNORE */ INTO t VALUES (1)              | app.t
          REPLACE DELAYED INTO t VALUES (1)                             | app.t
          UPDATE t SET a = 1 WHERE id = 2                               | app.t
          UPDATE LOW_PRIORITY IGNORE t SET a = 1                        | app.t
          UPDATE t AS x JOIN u y ON x.id = y.id SET x.a = y.a           | app.t,app.u
          UPDATE t, shop.u SET t.a = u.a WHERE t.id = u.id              | app.t,shop.u
          UPDATE (t JOIN u USING (id)) LEFT JOIN w ON w.id = t.id SET t.a = 1 | app.t,app.u,app.w
          UPDATE t JOIN (SELECT id FROM u) d ON d.id = t.id SET t.a = 1 | app.t
          UPDATE t FORCE INDEX (i) SET a = 1                            | app.t
          UPDATE t JOIN u ON t.id IN (1, 2) SET t.a = 1                 | app.t,app.u
          DELETE FROM t WHERE id = 1                                    | app.t
          DELETE LOW_PRIORITY QUICK IGNORE FROM t WHERE id IN (SELECT id FROM u) | app.t
          DELETE t FROM t JOIN u ON u.id = t.id                         | app.t,app.u
          DELETE a, b FROM t AS a STRAIGHT_JOIN u AS b ON a.id = b.id   | app.t,app.u
          DELETE FROM t, u USING t JOIN u JOIN w WHERE t.id = u.id      | app.t,app.u,app.w
          DELETE FROM t ORDER BY id LIMIT 10                            | app.t
          LOAD DATA LOCAL INFILE '/tmp/x.csv' REPLACE INTO TABLE t      | app.t
          LOAD XML INFILE 'x.xml' INTO TABLE shop.t                     | shop.t
          TRUNCATE TABLE t                                              | app.t
          TRUNCATE t                                                    | app.t
          CREATE TABLE t (id INT PRIMARY KEY)                           | app.t
          CREATE OR REPLACE TABLE t AS SELECT * FROM u                  | app.t
          CREATE TABLE IF NOT EXISTS t LIKE u                           | app.t
          CREATE TEMPORARY TABLE t (id INT)                             | ~~
          CREATE INDEX i ON t (a)                                       | ~~
          CREATE VIEW v AS SELECT * FROM t                              | ~~
          ALTER TABLE t ADD COLUMN c INT                                | app.t
          ALTER ONLINE IGNORE TABLE t ENGINE = InnoDB                   | app.t
          ALTER TABLE t RENAME TO u                                     | app.t,app.u
          ALTER TABLE t RENAME COLUMN a TO b                            | app.t
          ALTER TABLE IF EXISTS t ADD c INT, RENAME AS shop.u           | app.t,shop.u
          /*!40000 ALTER TABLE `t` DISABLE KEYS */                      | app.t
          ALTER USER u IDENTIFIED BY 'x'                                | ~~
          DROP TABLE t                                                  | app.t
          DROP TABLE IF EXISTS t, shop.u                                | app.t,shop.u
          DROP TEMPORARY TABLE t                                        | ~~
          DROP VIEW v                                                   | ~~
          RENAME TABLE t TO t_old, t_new TO t                           | app.t,app.t_new,app.t_old
          WITH c AS (SELECT id FROM u) UPDATE t JOIN c USING (id) SET t.a = 1 | app.t
          WITH c AS (SELECT 1) SELECT * FROM c                          | ~~
          WITH a AS (SELECT 1), b (n) AS (SELECT 2) DELETE FROM t WHERE id IN (SELECT n FROM b) | app.t
          WITH RECURSIVE c (n) AS (SELECT 1 UNION SELECT n + 1 FROM c) INSERT INTO c2 SELECT n FROM c | app.c2
          SET STATEMENT max_statement_time = 1 FOR DELETE FROM t        | app.t
          SET SESSION sql_mode = ''                                     | ~~
          PREPARE s FROM 'INSERT INTO t VALUES (?)'                     | app.t
          EXECUTE IMMEDIATE 'DELETE FROM shop.t'                        | shop.t
          SELECT * FROM t                                               | ~~
          SELECT * FROM t FOR UPDATE                                    | ~~
          ~~                                                            | ~~
          """)
  void aStatementWritesTheTablesItNames(String sql, String tables) {
    assertThat(written(sql == null ? "" : sql)).isEqualTo(tables == null ? "" : tables);
  }

  @Test
  void aNameWithoutSchemaTakesTheEventsSchemaElseTheSessionsLastOne() {
    WrittenTables w = new WrittenTables();
    w.add(QueryEvent.of(1, "shop", "UPDATE a SET x = 1"));
    w.add(QueryEvent.of(1, null, "INSERT INTO b VALUES (1)"));
    w.add(QueryEvent.of(1, null, "USE `crm`"));
    w.add(QueryEvent.of(1, null, "DELETE FROM c"));
    w.add(QueryEvent.of(2, null, "DELETE FROM d"));
    w.add(QueryEvent.of(2, "", "DELETE FROM other.e"));
    assertThat(w.tables()).containsExactly("crm.c", "other.e", "shop.a", "shop.b");
    assertThat(w.unknown())
        .isEqualTo(Map.of("a table name without a schema, in a session with none", 1L));
  }

  @Test
  void writesWhoseTablesTheTextDoesNotTellAreCountedByWhy() {
    WrittenTables w = new WrittenTables();
    for (String sql :
        List.of("CALL p(1)", "call shop.q()", "PREPARE s FROM @text", "INSERT INTO t VALUES (1)")) {
      w.add(QueryEvent.of(1, "app", sql));
    }
    assertThat(w.tables()).containsExactly("app.t");
    assertThat(w.unknown())
        .isEqualTo(
            Map.of(
                "CALL of a stored procedure", 2L,
                "PREPARE or EXECUTE IMMEDIATE of an expression", 1L));
  }

  @Test
  void aBulkInsertWritesItsTable() {
    String values = String.join(",", java.util.Collections.nCopies(200_000, "(1, 'a')"));
    assertThat(written("INSERT INTO t VALUES " + values + ", (2, 'it''s')")).isEqualTo("app.t");
  }

  @Test
  void aWorkloadFileIsReadForTheSessionsItKeeps(@TempDir Path tmp) throws Exception {
    Path file =
        Workloads.write(
            tmp.resolve("w.jsonl"),
            "app",
            2,
            Arrays.asList("INSERT INTO a VALUES (1)", "INSERT INTO b VALUES (1)", "SELECT 1"));
    assertThat(WrittenTables.of(file, e -> true, m -> {}).tables())
        .containsExactly("app.a", "app.b");
    assertThat(WrittenTables.of(file, e -> e.sessionId() == 2, m -> {}).tables())
        .containsExactly("app.b");
  }
}
