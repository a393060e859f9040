package io.querytester.target;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
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
}
