package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Statements read as the session's server reads them: under its sql_mode and its client character
 * set, a payload the default reading sees inside a string runs. Each is a safe read to the default
 * analysis and must not be one to the session's.
 */
class SessionReadingAnalysisTest {
  static final ServerDialect MARIADB_11_4 = ServerDialect.of("11.4.5-MariaDB");

  static SqlReading modes(String sqlMode) {
    return SqlReading.DEFAULT.withModes(SqlModes.ofNames(sqlMode));
  }

  static SqlReading client(String charset) {
    return SqlReading.DEFAULT.withClient(ClientCharset.named(charset));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "SELECT 'x\\' INTO OUTFILE '/tmp/b1.txt' -- '      | NO_BACKSLASH_ESCAPES | INTO OUTFILE",
        "SELECT 'x\\', GET_LOCK('l', 0) -- '               | NO_BACKSLASH_ESCAPES | GET_LOCK()",
        "SELECT 'x\\', SLEEP(1) -- '                       | ANSI,NO_BACKSLASH_ESCAPES | SLEEP()",
        "SELECT \"x\\\", SLEEP(1) -- \"                     | ANSI_QUOTES         | SLEEP()",
        "SELECT \"x\\\", LOAD_FILE('/etc/passwd') -- \"     | POSTGRESQL          | LOAD_FILE()",
        "SELECT \"x\\\", LOAD_FILE('/etc/passwd') -- \"     | ORACLE              | LOAD_FILE()",
        "SELECT \"x\\\", LOAD_FILE('/etc/passwd') -- \"     | DB2                 | LOAD_FILE()",
        "SELECT \"x\\\", LOAD_FILE('/etc/passwd') -- \"     | MAXDB               | LOAD_FILE()",
        "SELECT \"x\\\", LOAD_FILE('/etc/passwd') -- \"     | MSSQL,ANSI        | LOAD_FILE()",
        "SELECT [a] FROM t                                  | MSSQL               | MSSQL",
      })
  void aPayloadHiddenFromTheDefaultReadingShowsUnderTheSessionsSqlMode(
      String sql, String sqlMode, String reason) {
    String mode = sqlMode;
    assertThat(SqlProfile.of(sql, MARIADB_11_4).safeRead() || reason.equals("MSSQL")).isTrue();
    SqlProfile p = SqlProfile.of(sql, MARIADB_11_4, modes(mode));
    assertThat(p.safeRead()).as(sql).isFalse();
    assertThat(p.unsafeReason()).as(sql).contains(reason);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // U+4E3F is E4 B8 BF in UTF-8: under gbk, BF and the backslash after it are one character
        "gbk",
        "big5",
        "sjis",
        "cp932",
        "gb18030",
      })
  void aMultiByteClientCharsetSwallowsTheBackslashByteByByte(String charset) {
    String sql = trick(charset) + "\\', SLEEP(1) -- '";
    assertThat(SqlProfile.of(sql, MARIADB_11_4).safeRead()).as("default").isTrue();
    SqlProfile p = SqlProfile.of(sql, MARIADB_11_4, client(charset));
    assertThat(p.safeRead()).as(charset).isFalse();
    assertThat(p.unsafeReason()).as(charset).contains("SLEEP()");
  }

  /** A string opening whose last UTF-8 byte the charset takes with the backslash after it. */
  static String trick(String charset) {
    ClientCharset cs = ClientCharset.named(charset);
    for (char c = 0x80; c < 0xFFFF; c++) {
      if (Character.isSurrogate(c)) {
        continue;
      }
      String s = "SELECT 'a" + c;
      byte[] b = (s + "\\'").getBytes(StandardCharsets.UTF_8);
      int i = 0;
      int last = -1;
      while (i < b.length) {
        last = i;
        i += cs.length(b, i);
      }
      // the backslash (second to last byte) belongs to a character that starts before it
      int backslash = b.length - 2;
      int start = 0;
      for (int k = 0; k < b.length; k += cs.length(b, k)) {
        if (k <= backslash && k + cs.length(b, k) > backslash) {
          start = k;
        }
      }
      if (start < backslash && last >= 0) {
        return s;
      }
    }
    throw new AssertionError("no trick for " + charset);
  }

  @Test
  void aTextTheDefaultReadingReadsAlikeStaysAsItIs() {
    for (String charset : new String[] {"utf8mb4", "utf8", "latin1", "gbk", "ujis"}) {
      String sql = "SELECT 'caf\u00e9', id FROM t WHERE n = '\u4e2d'";
      SqlProfile p = SqlProfile.of(sql, MARIADB_11_4, client(charset));
      assertThat(p.safeRead()).as(charset).isTrue();
    }
  }

  @Test
  void aByteThatMayBeASpaceOutsideQuotesIsUnprovable() {
    // U+00A0 is C2 A0 in UTF-8; latin1's table calls A0 a space: "AND<A0>SLEEP" would be two words
    SqlProfile p =
        SqlProfile.of("SELECT 1 FROM t WHERE x\u00a0SLEEP(1)", MARIADB_11_4, client("latin1"));
    assertThat(p.safeRead()).isFalse();
    assertThat(p.unsafeReason()).contains("0xA0 outside quotes");
  }

  @Test
  void delAfterTwoDashesStartsACommentAsOnTheServer() {
    SqlProfile p = SqlProfile.of("SELECT 1 --\u007f'\n, SLEEP(1) -- '", MARIADB_11_4);
    assertThat(p.unsafeReason()).isEqualTo("SLEEP()");
  }

  @Test
  void aPreparedTextIsReadUnderTheSessionsModes() {
    String sql = "PREPARE s FROM 'SELECT ''x\\'', SLEEP(1) -- '''";
    SqlProfile p = SqlProfile.of(sql, MARIADB_11_4, modes("NO_BACKSLASH_ESCAPES"));
    assertThat(p.safeRead()).isFalse();
  }
}
