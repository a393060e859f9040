package io.querytester.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.target.SqlScript.Statement;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlScriptTest {

  private static List<Statement> split(String text) {
    List<Statement> all = new ArrayList<>();
    try (SqlScript script = SqlScript.of("test.sql", text)) {
      script.forEach(all::add);
    }
    return all;
  }

  private static List<String> sql(String text) {
    return split(text).stream().map(Statement::sql).toList();
  }

  @Test
  void splitsAtSemicolonsAndKnowsWhereEachStatementStarts() {
    assertThat(split("SELECT 1;\nSELECT 2;\n\n  SELECT\n  3;\n"))
        .containsExactly(
            new Statement("SELECT 1", 1),
            new Statement("SELECT 2", 2),
            new Statement("SELECT\n  3", 4));
  }

  @Test
  void keepsSemicolonsInsideStringsAndQuotedNames() {
    assertThat(
            sql(
                "INSERT INTO t VALUES ('a;b', \"c;d\", 'it''s;', 'back\\\\', 'esc\\';x');\n"
                    + "SELECT `we;ird``name;` FROM t;"))
        .containsExactly(
            "INSERT INTO t VALUES ('a;b', \"c;d\", 'it''s;', 'back\\\\', 'esc\\';x')",
            "SELECT `we;ird``name;` FROM t");
  }

  @Test
  void keepsUtf8TextIntact() {
    assertThat(sql("INSERT INTO c VALUES ('Zürich ', 'Łódź', '東京', 'gift 🎁');"))
        .containsExactly("INSERT INTO c VALUES ('Zürich ', 'Łódź', '東京', 'gift 🎁')");
  }

  @Test
  void dropsCommentsBetweenStatementsAndKeepsThoseInside() {
    assertThat(
            sql(
                """
                -- a header; with a semicolon
                # another; comment
                /* block; comment
                   over lines */
                SELECT 1 /* inside; kept */ + 2; -- trailing; comment
                SELECT 'x' -- inside; kept
                ;
                """))
        .containsExactly("SELECT 1 /* inside; kept */ + 2", "SELECT 'x' -- inside; kept");
  }

  @Test
  void doubleDashWithoutBlankIsNotAComment() {
    assertThat(sql("SELECT 1--1;\nSELECT 2;")).containsExactly("SELECT 1--1", "SELECT 2");
  }

  @Test
  void keepsExecutableCommentsAndHints() {
    assertThat(
            sql(
                "/*!40101 SET NAMES utf8mb4 */;\n"
                    + "/*M!100100 SET sql_mode='' */;\n"
                    + "/*+ MAX_EXECUTION_TIME(10) */ SELECT 1;\n"
                    + "/*Mary had a little lamb;*/ SELECT 2;"))
        .containsExactly(
            "/*!40101 SET NAMES utf8mb4 */",
            "/*M!100100 SET sql_mode='' */",
            "/*+ MAX_EXECUTION_TIME(10) */ SELECT 1",
            "SELECT 2");
  }

  @Test
  void delimiterLinesChangeTheDelimiter() {
    List<Statement> all =
        split(
            """
            DROP PROCEDURE IF EXISTS p;
            DELIMITER $$
            CREATE PROCEDURE p()
            BEGIN
              SELECT 1;
              SELECT ';$$';
            END$$
            delimiter ;
            CALL p();
            """);
    assertThat(all)
        .containsExactly(
            new Statement("DROP PROCEDURE IF EXISTS p", 1),
            new Statement("CREATE PROCEDURE p()\nBEGIN\n  SELECT 1;\n  SELECT ';$$';\nEND", 3),
            new Statement("CALL p()", 9));
  }

  @Test
  void delimiterWordInsideAStatementIsJustText() {
    assertThat(sql("SELECT 1 AS delimiter;\nSELECT delimiter FROM t;"))
        .containsExactly("SELECT 1 AS delimiter", "SELECT delimiter FROM t");
  }

  @Test
  void lastStatementMayLackItsDelimiterAndEmptyOnesAreSkipped() {
    assertThat(sql(";;\nSELECT 1;;\r\nSELECT 2\r\n")).containsExactly("SELECT 1", "SELECT 2");
    assertThat(sql("  \n-- only a comment")).isEmpty();
  }

  @Test
  void unclosedQuoteNamesTheLineWhereItOpens() {
    assertThatThrownBy(() -> split("SELECT 1;\nSELECT 'oops;\nSELECT 2;\n"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("test.sql:2")
        .hasMessageContaining("' quote");
  }

  @Test
  void unclosedCommentNamesTheLineWhereItOpens() {
    assertThatThrownBy(() -> split("SELECT 1;\n\n/* never closed\nSELECT 2;"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("test.sql:3");
  }

  @Test
  void delimiterWithoutValueIsBadInput() {
    assertThatThrownBy(() -> split("SELECT 1;\nDELIMITER \n"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("test.sql:2")
        .hasMessageContaining("DELIMITER $$");
  }

  @Test
  void missingFileIsBadInput(@TempDir Path dir) {
    assertThatThrownBy(() -> SqlScript.open(dir.resolve("nope.sql")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("nope.sql")
        .hasMessageContaining("does not exist");
  }

  @Test
  void readsAFileAsAStream(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("big.sql");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      text.append("INSERT INTO t VALUES (").append(i).append(", 'row; ").append(i).append("');\n");
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
    int count = 0;
    Statement last = null;
    try (SqlScript script = SqlScript.open(file)) {
      for (Statement s : script) {
        count++;
        last = s;
      }
    }
    assertThat(count).isEqualTo(5000);
    assertThat(last).isEqualTo(new Statement("INSERT INTO t VALUES (4999, 'row; 4999')", 5000));
  }

  @Test
  void splitsTheSampleFiles() throws IOException {
    Path schema = Path.of("samples", "schema.sql");
    Path data = Path.of("samples", "data.sql");
    List<String> schemaSql = new ArrayList<>();
    try (SqlScript script = SqlScript.open(schema)) {
      script.forEach(s -> schemaSql.add(s.sql()));
    }
    assertThat(schemaSql.getFirst()).startsWith("CREATE DATABASE IF NOT EXISTS shop");
    assertThat(schemaSql)
        .filteredOn(s -> s.startsWith("CREATE TABLE"))
        .hasSize(countLines(schema, "CREATE TABLE"));

    long inserts = 0;
    try (SqlScript script = SqlScript.open(data)) {
      for (Statement s : script) {
        assertThat(s.sql()).matches("(?s)(SET|USE|INSERT INTO|ANALYZE TABLE) .*");
        inserts += s.sql().startsWith("INSERT INTO") ? 1 : 0;
      }
    }
    assertThat(inserts).isEqualTo(countLines(data, "INSERT INTO"));
  }

  private static int countLines(Path file, String prefix) throws IOException {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return (int) lines.filter(l -> l.startsWith(prefix)).count();
    }
  }
}
