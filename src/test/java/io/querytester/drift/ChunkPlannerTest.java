package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChunkPlannerTest {
  private static final Column A = new Column("a", "int", false, "");
  private static final Column B = new Column("b", "varchar", false, "utf8mb4");
  private static final Column V = new Column("v", "double", true, "");

  private static TableDef table(List<Column> key, KeyKind kind) {
    return new TableDef(
        "db",
        "t",
        "InnoDB",
        List.of(A, B, V),
        kind == KeyKind.NONE ? "" : "PRIMARY",
        key,
        kind,
        10);
  }

  @Test
  void singleColumnRangeIsExclusiveBelowAndInclusiveAbove() {
    String where = RangeSql.where(List.of(A), new KeyRange(List.of("'10'"), List.of("'20'")));
    assertThat(where).isEqualTo("`a` > '10' AND `a` <= '20'");
  }

  @Test
  void compositeRangeExpandsLexicographically() {
    String lower = RangeSql.where(List.of(A, B), new KeyRange(List.of("'1'", "'x'"), List.of()));
    assertThat(lower).isEqualTo("(`a` >= '1' AND ((`a` > '1') OR (`a` = '1' AND `b` > 'x')))");
    String upper = RangeSql.where(List.of(A, B), new KeyRange(List.of(), List.of("'2'", "'y'")));
    assertThat(upper).isEqualTo("(`a` <= '2' AND ((`a` < '2') OR (`a` = '2' AND `b` <= 'y')))");
  }

  @Test
  void unboundedRangeSelectsEverything() {
    assertThat(RangeSql.where(List.of(A), KeyRange.ALL)).isEqualTo("1=1");
    assertThat(KeyRange.ALL.last()).isTrue();
  }

  @Test
  void boundaryQueryWalksTheKeyInIndexOrder() {
    ChunkPlanner p =
        new ChunkPlanner(
            table(List.of(A, B), KeyKind.PRIMARY), new ChunkSizer(ChunkOptions.DEFAULTS));
    assertThat(p.boundaryQuery(List.of("'5'", "'k'"), 1000))
        .isEqualTo(
            "SELECT QUOTE(`a`), QUOTE(`b`) FROM `db`.`t` FORCE INDEX (`PRIMARY`) WHERE"
                + " (`a` >= '5' AND ((`a` > '5') OR (`a` = '5' AND `b` > 'k')))"
                + " ORDER BY `a`, `b` LIMIT 1 OFFSET 999");
  }

  @Test
  void literalsThatAreNotPlainValuesAreRefused() {
    assertThatThrownBy(() -> new KeyRange(List.of("1; DROP TABLE t"), List.of()))
        .isInstanceOf(BadInputException.class);
    assertThatThrownBy(() -> new KeyRange(List.of("'a' OR 1=1 OR 'b'"), List.of()))
        .isInstanceOf(BadInputException.class);
    new KeyRange(List.of("'it\\'s'", "X'00FF'", "-12.5e3"), List.of());
  }

  @Test
  void sizerGrowsFastChunksTowardsTheTargetTime() {
    ChunkSizer s = new ChunkSizer(new ChunkOptions(Duration.ofMillis(500), 1000, 100, 1_000_000));
    s.record(1000, 10_000_000); // 1000 rows in 10 ms: 100k rows/s, target 50k rows
    assertThat(s.size()).isEqualTo(4000); // at most fourfold per chunk
    for (int i = 0; i < 10; i++) {
      s.record(s.size(), (long) (s.size() / 100_000.0 * 1e9));
    }
    assertThat(s.size()).isEqualTo(50_000);
  }

  @Test
  void sizerShrinksSlowChunksButNotBelowTheMinimum() {
    ChunkSizer s = new ChunkSizer(new ChunkOptions(Duration.ofMillis(500), 1000, 100, 100_000));
    s.record(1000, 5_000_000_000L); // 200 rows/s: target 100 rows
    assertThat(s.size()).isEqualTo(250);
    s.record(250, 5_000_000_000L);
    s.record(250, 5_000_000_000L);
    assertThat(s.size()).isEqualTo(100);
  }

  @Test
  void sizerStaysBelowTheMaximumAndIgnoresEmptyChunks() {
    ChunkSizer s = new ChunkSizer(new ChunkOptions(Duration.ofSeconds(1), 1000, 100, 2000));
    s.record(0, 1);
    assertThat(s.size()).isEqualTo(1000);
    s.record(1000, 1_000_000);
    assertThat(s.size()).isEqualTo(2000);
  }

  @Test
  void badChunkOptionsAreRefused() {
    assertThatThrownBy(() -> new ChunkOptions(Duration.ZERO, 1000, 100, 10_000))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--chunk-time");
    assertThatThrownBy(() -> new ChunkOptions(Duration.ofSeconds(1), 10, 100, 10_000))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--chunk-min-rows");
    assertThatThrownBy(() -> new ChunkOptions(Duration.ofSeconds(1), 100, 100, 10_000, 0))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--parallel");
    assertThatThrownBy(() -> new ChunkOptions(Duration.ofSeconds(1), 100, 100, 10_000, 17))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--parallel must be 1-16");
    assertThat(ChunkOptions.DEFAULTS.parallel()).isEqualTo(2);
  }

  @Test
  void keyChooserPrefersPrimaryThenNarrowestNotNullUniqueKey() {
    Map<String, Column> cols =
        Map.of(
            "a", A,
            "b", B,
            "v", V);
    IndexDef pk = new IndexDef("PRIMARY", true, List.of("a"), false);
    IndexDef wide = new IndexDef("u_ab", true, List.of("a", "b"), false);
    IndexDef narrow = new IndexDef("u_b", true, List.of("b"), false);
    IndexDef nullable = new IndexDef("u_v", true, List.of("v"), false);
    IndexDef prefix = new IndexDef("u_p", true, List.of("b"), true);
    IndexDef plain = new IndexDef("i_a", false, List.of("a"), false);
    assertThat(KeyChooser.choose(List.of(narrow, pk), cols)).contains(pk);
    assertThat(KeyChooser.choose(List.of(wide, narrow, plain), cols)).contains(narrow);
    assertThat(KeyChooser.choose(List.of(nullable, prefix, plain), cols)).isEmpty();
  }

  @Test
  void filterMatchesSchemasTablesColumnsAndEngines() {
    TableFilter f =
        new TableFilter(
            List.of("shop*"),
            List.of(),
            List.of(),
            List.of("shop.tmp_*"),
            List.of(),
            List.of("orders.note"),
            List.of("innodb"),
            List.of());
    assertThat(f.table("shop", "orders", "InnoDB")).isTrue();
    assertThat(f.table("shop", "tmp_1", "InnoDB")).isFalse();
    assertThat(f.table("shop", "orders", "MyISAM")).isFalse();
    assertThat(f.table("other", "orders", "InnoDB")).isFalse();
    assertThat(f.table("mysql", "user", "InnoDB")).isFalse();
    assertThat(f.column("shop", "orders", "note")).isFalse();
    assertThat(f.column("shop", "orders", "id")).isTrue();
    assertThat(f.column("shop", "items", "note")).isTrue();
  }
}
