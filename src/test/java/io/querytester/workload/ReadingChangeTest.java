package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a session statement does to how its server reads the session's next statements. */
class ReadingChangeTest {
  static final SqlReading GLOBAL = SqlReading.DEFAULT.withModes(SqlModes.ofNames("ANSI_QUOTES"));

  static SqlModes modesAfter(String sql) {
    ReadingChange c = ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL);
    assertThat(c.unknown()).as(sql).isNull();
    return c.after().modes();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // the spellings of issue 38: names, numbers, hex, aliases, lists, scopes, DEFAULT
        "SET sql_mode = 1048576                                   | false | true",
        "SET sql_mode = 0x4E4F5F4241434B534C4153485F45534341504553 | false | true",
        "SET sql_mode = X'414E53495F51554F544553'                 | true  | false",
        "SET @x = 1, sql_mode = 'NO_BACKSLASH_ESCAPES'            | false | true",
        "SET sql_mode = 4                                         | true  | false",
        "SET sql_mode = 'ORACLE'                                  | true  | false",
        "SET sql_mode = 'postgresql'                              | true  | false",
        "SET sql_mode = 'MSSQL'                                   | true  | false",
        "SET sql_mode = 'MAXDB'                                   | true  | false",
        "SET sql_mode = 'DB2'                                     | true  | false",
        "SET sql_mode = 'ANSI'                                    | true  | false",
        "SET sql_mode = 262144                                    | true  | false",
        "SET sql_mode = 512                                       | true  | false",
        "SET sql_mode = 'STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES' | false | true",
        "SET @@session.sql_mode = 'ANSI_QUOTES'                   | true  | false",
        "SET @@local.sql_mode = ansi_quotes                       | true  | false",
        "SET SESSION sql_mode = `ansi`                            | true  | false",
        "SET LOCAL sql_mode = _latin1'NO_BACKSLASH_ESCAPES'       | false | true",
        "SET sql_mode = N'ANSI_QUOTES'                            | true  | false",
        "SET sql_mode = DEFAULT                                   | true  | false",
        "SET sql_mode = ''                                        | false | false",
        "SET sql_mode = TRUE                                      | false | false",
        "SET @a = 'NO_BACKSLASH_ESCAPES'                          | false | false",
        "SET GLOBAL sql_mode = 'ANSI_QUOTES'                      | false | false",
        "SET sql_mode = 'ANSI_QUOTES', sql_mode = ''              | false | false",
      })
  void everySpellingOfSqlModeIsFollowed(String sql, boolean ansi, boolean noBackslash) {
    SqlModes m = modesAfter(sql);
    assertThat(m.ansiQuotes()).as(sql).isEqualTo(ansi);
    assertThat(m.noBackslashEscapes()).as(sql).isEqualTo(noBackslash);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SET sql_mode = @saved                              | from a variable",
        "SET sql_mode = @@global.sql_mode                   | from a variable",
        "SET sql_mode = CONCAT('ANSI', '_QUOTES')           | cannot read",
        "SET sql_mode = (4)                                 | cannot read",
        "SET sql_mode = 'ANSI_QUOTES,NO_SUCH_MODE'          | cannot read",
        "SET sql_mode = 1099511627776                       | cannot read",
        "SET character_set_client = @cs                     | cannot read",
        "SET NAMES ucs2                                     | cannot read",
        "SET NAMES 'utf99'                                  | cannot read",
        "SET character_set_client = 28                      | cannot read",
        "SET NAMES gbk, sql_mode = ''                       | form this tool",
      })
  void aReadingThatCannotBeToldIsUnknown(String sql, String why) {
    ReadingChange c = ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL);
    assertThat(c.unknown()).as(sql).contains(why);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SET NAMES gbk                                      | gbk",
        "SET NAMES 'big5' COLLATE 'big5_bin'                | big5",
        "SET CHARACTER SET sjis                             | sjis",
        "SET CHARSET cp932                                  | cp932",
        "SET character_set_client = gb18030                 | gb18030",
        "SET @@session.character_set_client = 'euckr'       | euckr",
        "SET NAMES DEFAULT                                  | utf8mb4",
        "SET NAMES utf8                                     | utf8",
        "SET character_set_connection = gbk                 | utf8mb4",
      })
  void everySpellingOfTheClientCharsetIsFollowed(String sql, String charset) {
    ReadingChange c = ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL);
    assertThat(c.unknown()).as(sql).isNull();
    assertThat(c.after().client().name()).as(sql).isEqualTo(charset);
  }

  @Test
  void setStatementChangesTheReadingForItsOwnStatementOnly() {
    ReadingChange c =
        ReadingChange.of(
            "SET STATEMENT sql_mode = 'NO_BACKSLASH_ESCAPES' FOR SELECT 1",
            SqlReading.DEFAULT,
            GLOBAL);
    assertThat(c.after()).isEqualTo(SqlReading.DEFAULT);
    assertThat(c.during().modes().noBackslashEscapes()).isTrue();
  }

  @Test
  void aSetIsReadUnderTheModesBeforeIt() {
    // under NO_BACKSLASH_ESCAPES the string ends at the backslash: sql_mode is set after all
    String sql = "SET @a = 'x\\', sql_mode = 'ANSI_QUOTES' -- '";
    assertThat(ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL).after().modes().none()).isTrue();
    SqlReading nbe = SqlReading.DEFAULT.withModes(SqlModes.ofNames("NO_BACKSLASH_ESCAPES"));
    assertThat(ReadingChange.of(sql, nbe, GLOBAL).after().modes().ansiQuotes()).isTrue();
  }

  @Test
  void anExecutableCommentIsReadAsTheSidesServerReadsIt() {
    String sql = "/*!99999 SELECT 1, */ SET NAMES gbk";
    ServerDialect maria = ServerDialect.of("11.4.5-MariaDB");
    assertThat(ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL, maria).after().client().name())
        .isEqualTo("gbk");
    assertThat(ReadingChange.of(sql, SqlReading.DEFAULT, GLOBAL).unknown()).isNotNull();
  }

  @Test
  void onlySessionsThatKeepTheDefaultReadingMayShareConnections() {
    assertThat(ReadingChange.keepsDefault("SET NAMES utf8mb4")).isTrue();
    assertThat(ReadingChange.keepsDefault("SET autocommit = 1")).isTrue();
    assertThat(ReadingChange.keepsDefault("SET sql_mode = 'STRICT_ALL_TABLES'")).isTrue();
    assertThat(ReadingChange.keepsDefault("SET sql_mode = 'ANSI'")).isFalse();
    assertThat(ReadingChange.keepsDefault("SET NAMES latin1")).isFalse();
    assertThat(ReadingChange.keepsDefault("SET sql_mode = @x")).isFalse();
  }

  @Test
  void sqlModeNamesAsTheServerReportsThem() {
    assertThat(SqlModes.ofNames("PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE")).isNotNull();
    assertThat(SqlModes.ofNames("STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION").none()).isTrue();
    assertThat(SqlModes.ofNames("").none()).isTrue();
    assertThat(SqlModes.ofNames("NEW_MODE_OF_2030")).isNull();
    assertThat(SqlModes.ofNames("MSSQL").mssql()).isTrue();
  }
}
