package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChecksumQueryTest {
  private static final Column ID = new Column("id", "bigint", false, "");
  private static final Column NAME = new Column("name", "varchar", true, "utf8mb4");
  private static final Column PRICE = new Column("price", "double", true, "");
  private static final Column BLOB = new Column("data", "blob", false, "");
  private static final Column WHEN = new Column("at", "timestamp", false, "");
  private static final Column FLAGS = new Column("flags", "bit", false, "");

  private static final TableDef ITEMS =
      new TableDef(
          "shop",
          "items",
          "InnoDB",
          List.of(ID, NAME, PRICE, BLOB, WHEN, FLAGS),
          "PRIMARY",
          List.of(ID),
          KeyKind.PRIMARY,
          100);

  @Test
  void rowHashTakesStoredBytesWithTheirLengthsRoundsFloatsAndMarksNulls() {
    assertThat(new ChecksumQuery(ITEMS, 4).rowHash())
        .isEqualTo(
            "MD5(CONCAT_WS('#', `id`, `name`, ROUND(`price`, 4) + 0, `data`, `at`,"
                + " CAST(`flags` AS UNSIGNED), LENGTH(`name`), LENGTH(`data`),"
                + " CONCAT(ISNULL(`name`), ISNULL(`price`))))");
  }

  @Test
  void textInSeveralOrUnnamedCharacterSetsIsHashedAsHex() {
    Column latin1 = new Column("a", "varchar", false, "latin1");
    Column latin2 = new Column("b", "char", false, "latin2");
    TableDef mixed =
        new TableDef(
            "d",
            "m",
            "InnoDB",
            List.of(ID, latin1, latin2, BLOB),
            "PRIMARY",
            List.of(ID),
            KeyKind.PRIMARY,
            1);
    assertThat(new ChecksumQuery(mixed, 6).rowHash())
        .isEqualTo("MD5(CONCAT_WS('#', `id`, HEX(`a`), HEX(`b`), HEX(`data`)))");
    Column json = new Column("j", "json", false, "");
    TableDef unnamed =
        new TableDef(
            "d", "j", "InnoDB", List.of(ID, json), "PRIMARY", List.of(ID), KeyKind.PRIMARY, 1);
    assertThat(new ChecksumQuery(unnamed, 6).rowHash())
        .isEqualTo("MD5(CONCAT_WS('#', `id`, HEX(`j`)))");
    assertThat(ChecksumQuery.oneCharacterSet(List.of(ID, BLOB))).isTrue();
  }

  @Test
  void chunkSumsOne64BitHashPerRowFromASingleMd5NeverXor() {
    ChecksumQuery q = new ChecksumQuery(ITEMS, 6);
    String sql = q.chunk(new KeyRange(List.of("'7'"), List.of("'9'")));
    assertThat(sql)
        .isEqualTo(
            "SELECT COUNT(*), COALESCE(SUM(CAST(CONV(LEFT("
                + q.rowHash()
                + ", 16), 16, 10) AS UNSIGNED)), 0)"
                + " FROM `shop`.`items` FORCE INDEX (`PRIMARY`) WHERE `id` > '7' AND `id` <= '9'")
        .doesNotContain("BIT_XOR")
        .doesNotContain("^");
    // the server evaluates each mention of MD5 again: one mention, one hash per row
    assertThat(sql.split("MD5\\(", -1)).hasSize(2);
  }

  @Test
  void tableWithoutKeyIsReadWholeWithoutForcingAnIndex() {
    TableDef log =
        new TableDef("shop", "log", "InnoDB", List.of(NAME), "", List.of(), KeyKind.NONE, 5);
    String sql = new ChecksumQuery(log, 6).chunk(KeyRange.ALL);
    assertThat(sql).contains("FROM `shop`.`log` WHERE 1=1").doesNotContain("FORCE INDEX");
    assertThat(new ChecksumQuery(log, 6).hashCounts())
        .isEqualTo(
            "SELECT MD5(CONCAT_WS('#', `name`, LENGTH(`name`), CONCAT(ISNULL(`name`)))) AS h,"
                + " COUNT(*)"
                + " FROM `shop`.`log` GROUP BY h");
  }

  @Test
  void literalsComeFromTheServerAndBinaryNeverPassesThroughACharset() {
    assertThat(ColumnSql.literal(NAME)).isEqualTo("QUOTE(`name`)");
    assertThat(ColumnSql.literal(BLOB)).isEqualTo("CONCAT('X''', HEX(`data`), '''')");
    assertThat(new ChecksumQuery(ITEMS, 6).rowByKey(List.of("'42'")))
        .endsWith("FROM `shop`.`items` WHERE `id` = '42'");
  }

  @Test
  void identifiersWithBackQuotesAreEscaped() {
    Column odd = new Column("we`ird", "int", false, "");
    TableDef t =
        new TableDef(
            "d`b", "t", "InnoDB", List.of(odd), "PRIMARY", List.of(odd), KeyKind.PRIMARY, 1);
    assertThat(new ChecksumQuery(t, 6).chunk(KeyRange.ALL))
        .contains("`we``ird`")
        .contains("`d``b`.`t`");
  }

  @Test
  void fixSqlInsertsDeletesAndUpdatesOnlyDifferingColumns() {
    Map<String, String> src = Map.of("id", "'1'", "name", "'a'");
    assertThat(
            FixSql.statement(
                ITEMS,
                new RowDifference(
                    RowDifference.Kind.DIFFERENT,
                    List.of("'1'"),
                    List.of("name"),
                    src,
                    Map.of("id", "'1'", "name", "'b'"))))
        .isEqualTo("UPDATE `shop`.`items` SET `name` = 'a' WHERE `id` = '1';");
    assertThat(
            FixSql.statement(
                ITEMS,
                new RowDifference(
                    RowDifference.Kind.EXTRA, List.of("'2'"), List.of(), Map.of(), Map.of())))
        .isEqualTo("DELETE FROM `shop`.`items` WHERE `id` = '2';");
    java.util.LinkedHashMap<String, String> ordered = new java.util.LinkedHashMap<>();
    ordered.put("id", "'3'");
    ordered.put("name", "NULL");
    assertThat(
            FixSql.statement(
                ITEMS,
                new RowDifference(
                    RowDifference.Kind.MISSING, List.of("'3'"), List.of(), ordered, Map.of())))
        .isEqualTo("INSERT INTO `shop`.`items` (`id`, `name`) VALUES ('3', NULL);");
  }
}
