package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {

  private static List<SqlScript.Statement> split(String script) {
    List<SqlScript.Statement> out = new ArrayList<>();
    new SqlScript(new StringReader(script)).forEach(out::add);
    return out;
  }

  @Test
  void splitsOnSemicolonsOutsideQuotesAndComments() {
    List<SqlScript.Statement> s =
        split(
            "-- a comment; with a semicolon\nSELECT 'a;b', \"c;d\", `e;f`;\n# another;\nSELECT 2 /* x; */ ;\n");
    assertThat(s)
        .extracting(SqlScript.Statement::sql)
        .containsExactly("SELECT 'a;b', \"c;d\", `e;f`", "SELECT 2");
    assertThat(s).extracting(SqlScript.Statement::line).containsExactly(2L, 4L);
  }

  @Test
  void keepsExecutableCommentsAndHints() {
    assertThat(split("/*!40101 SET NAMES utf8mb4 */;\nSELECT /*+ MAX_EXECUTION_TIME(1) */ 1;"))
        .extracting(SqlScript.Statement::sql)
        .containsExactly("/*!40101 SET NAMES utf8mb4 */", "SELECT /*+ MAX_EXECUTION_TIME(1) */ 1");
  }

  @Test
  void handlesEscapesAndDoubledQuotes() {
    assertThat(split("INSERT INTO t VALUES ('it''s', 'a\\'b;', 'c\\\\');SELECT 1"))
        .extracting(SqlScript.Statement::sql)
        .containsExactly("INSERT INTO t VALUES ('it''s', 'a\\'b;', 'c\\\\')", "SELECT 1");
  }

  @Test
  void followsDelimiterLinesOfDumpedRoutines() {
    String dump =
        "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END ;;\nDELIMITER ;\nSELECT 3;\n";
    assertThat(split(dump))
        .extracting(SqlScript.Statement::sql)
        .containsExactly("CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END", "SELECT 3");
  }

  @Test
  void aDoubleDashWithoutSpaceIsArithmetic() {
    assertThat(split("SELECT 1--1;"))
        .extracting(SqlScript.Statement::sql)
        .containsExactly("SELECT 1--1");
  }

  @Test
  void anUnterminatedQuoteEndsTheScriptWithoutLoopingForever() {
    assertThat(split("SELECT 1; SELECT 'oops")).hasSize(2);
  }

  @Test
  void aLargeStatementIsReadInLinearTime() {
    StringBuilder sb = new StringBuilder("INSERT INTO t VALUES ");
    for (int i = 0; i < 200_000; i++) {
      sb.append(i == 0 ? "" : ",").append("(").append(i).append(",'x')");
    }
    sb.append(";");
    assertThat(split(sb.toString())).hasSize(1);
  }

  private static List<String> sql(String script) {
    return split(script).stream().map(SqlScript.Statement::sql).toList();
  }

  @Test
  void knowsTheLineWhereEachStatementStarts() {
    assertThat(split("SELECT 1;\nSELECT 2;\n\n  SELECT\n  3;\n"))
        .containsExactly(
            new SqlScript.Statement("SELECT 1", 1),
            new SqlScript.Statement("SELECT 2", 2),
            new SqlScript.Statement("SELECT\n  3", 4));
  }

  @Test
  void keepsDoubledBackquotesAndUtf8Text() {
    assertThat(sql("SELECT `we;ird``name;` FROM t;\nINSERT INTO c VALUES ('Zürich ', '東京', '🎁');"))
        .containsExactly(
            "SELECT `we;ird``name;` FROM t", "INSERT INTO c VALUES ('Zürich ', '東京', '🎁')");
  }

  @Test
  void commentsNeverEndAStatement() {
    List<String> all =
        sql(
            """
            -- a header; with a semicolon
            /* block; comment
               over lines */
            SELECT 1 /* inside; */ + 2; -- trailing; comment
            SELECT 'x' -- inside;
            ;
            """);
    assertThat(all).hasSize(2);
    assertThat(all.get(0)).matches("SELECT 1\\s+\\+ 2");
    assertThat(all.get(1)).isEqualTo("SELECT 'x'");
  }

  @Test
  void delimiterLinesMayBeLowerCaseAndQuotedDelimitersAreText() {
    assertThat(
            split(
                """
                DROP PROCEDURE IF EXISTS p;
                DELIMITER $$
                CREATE PROCEDURE p()
                BEGIN
                  SELECT ';$$';
                END$$
                delimiter ;
                CALL p();
                """))
        .containsExactly(
            new SqlScript.Statement("DROP PROCEDURE IF EXISTS p", 1),
            new SqlScript.Statement("CREATE PROCEDURE p()\nBEGIN\n  SELECT ';$$';\nEND", 3),
            new SqlScript.Statement("CALL p()", 8));
  }

  @Test
  void theWordDelimiterInsideAStatementIsJustText() {
    assertThat(sql("SELECT 1 AS delimiter;\nSELECT delimiter\nFROM t;"))
        .containsExactly("SELECT 1 AS delimiter", "SELECT delimiter\nFROM t");
  }

  @Test
  void emptyStatementsAreSkippedAndTheLastMayLackItsDelimiter() {
    assertThat(sql(";;\nSELECT 1;;\r\nSELECT 2\r\n")).containsExactly("SELECT 1", "SELECT 2");
    assertThat(sql("  \n-- only a comment")).isEmpty();
  }

  @Test
  void keepsMariaDbExecutableCommentsAndKnowsTheirLine() {
    assertThat(split("/*M!100616 SET NOTE_VERBOSITY=0 */;\n\n/*!40101 SET\n NAMES utf8mb4 */;"))
        .containsExactly(
            new SqlScript.Statement("/*M!100616 SET NOTE_VERBOSITY=0 */", 1),
            new SqlScript.Statement("/*!40101 SET\n NAMES utf8mb4 */", 3));
  }

  @Test
  void splitsTheSampleFiles() throws IOException {
    Path schema = Path.of("samples", "schema.sql");
    Path data = Path.of("samples", "data.sql");
    List<String> schemaSql = read(schema);
    assertThat(schemaSql.getFirst()).startsWith("CREATE DATABASE IF NOT EXISTS shop");
    assertThat(schemaSql)
        .filteredOn(s -> s.startsWith("CREATE TABLE"))
        .hasSize(countLines(schema, "CREATE TABLE"));
    List<String> dataSql = read(data);
    assertThat(dataSql).allMatch(s -> s.matches("(?s)(SET|USE|INSERT INTO|ANALYZE TABLE) .*"));
    assertThat(dataSql)
        .filteredOn(s -> s.startsWith("INSERT INTO"))
        .hasSize(countLines(data, "INSERT INTO"));
  }

  private static List<String> read(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      new SqlScript(r).forEach(s -> out.add(s.sql()));
    }
    return out;
  }

  private static int countLines(Path file, String prefix) throws IOException {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return (int) lines.filter(l -> l.startsWith(prefix)).count();
    }
  }
}
