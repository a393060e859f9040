package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.ServerInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanHintsTest {
  private static final ServerInfo MARIADB = ServerInfo.of("11.4.5-MariaDB");
  private static final ServerInfo MYSQL = ServerInfo.of("8.0.36");

  private static Plan.Table t(String name, String access, String key) {
    return new Plan.Table(name, access, key, key == null ? null : "4", 10L, 100.0, null);
  }

  private static Plan plan(Plan.Table... tables) {
    return new Plan("EXPLAIN", List.of(tables), false, false, List.of(), List.of());
  }

  @Test
  void aChangedIndexIsForcedBackAfterTheTablesAlias() {
    String sql =
        "SELECT o.id FROM shop.orders o JOIN customers AS c ON c.id = o.customer_id"
            + " WHERE o.status = 'x'";
    List<PlanHints.Hint> h =
        PlanHints.of(
            sql,
            plan(t("o", "ref", "idx_status"), t("c", "eq_ref", "PRIMARY")),
            plan(t("o", "range", "idx_customer"), t("c", "ALL", null)),
            MARIADB);
    assertThat(h).hasSize(1);
    assertThat(h.getFirst().sql())
        .isEqualTo(
            "SELECT o.id FROM shop.orders o FORCE INDEX (`idx_status`) JOIN customers AS c FORCE"
                + " INDEX (`PRIMARY`) ON c.id = o.customer_id WHERE o.status = 'x'");
  }

  @Test
  void aScanOnOldIgnoresNewsIndexAndATableWithoutAliasTakesItAfterItsName() {
    List<PlanHints.Hint> h =
        PlanHints.of(
            "SELECT * FROM products WHERE status = 'a' ORDER BY rating LIMIT 3",
            plan(t("products", "ALL", null)),
            plan(t("products", "range", "idx_status")),
            MARIADB);
    assertThat(h.getFirst().sql())
        .isEqualTo(
            "SELECT * FROM products IGNORE INDEX (`idx_status`) WHERE status = 'a' ORDER BY rating"
                + " LIMIT 3");
  }

  @Test
  void oldsJoinOrderIsStraightJoinWhenItIsTheTextsOrderAndJoinOrderOnMySql() {
    String sql = "SELECT * FROM a, b WHERE a.x = b.x";
    Plan old = plan(t("a", "ALL", null), t("b", "ref", "k"));
    Plan neu = plan(t("b", "ALL", null), t("a", "ref", "k"));
    assertThat(PlanHints.of(sql, old, neu, MARIADB))
        .extracting(PlanHints.Hint::sql)
        .contains("SELECT STRAIGHT_JOIN * FROM a, b WHERE a.x = b.x");
    assertThat(PlanHints.of(sql, old, neu, MYSQL))
        .extracting(PlanHints.Hint::sql)
        .contains("SELECT /*+ JOIN_ORDER(a, b) */ * FROM a, b WHERE a.x = b.x");
    // OLD's order is not the text's: no STRAIGHT_JOIN on MariaDB
    assertThat(PlanHints.of("SELECT * FROM b, a WHERE a.x = b.x", old, neu, MARIADB))
        .extracting(PlanHints.Hint::description)
        .noneMatch(d -> d.contains("STRAIGHT_JOIN"));
  }

  @Test
  void aTableTheTextDoesNotNamePlainlyGetsNoHint() {
    assertThat(PlanHints.afterTable("SELECT * FROM (SELECT 1) d", "d")).isNull();
    assertThat(PlanHints.afterTable("SELECT t.a FROM t WHERE t.a IN (SELECT a FROM t)", "t"))
        .isNull();
    assertThat(PlanHints.afterTable("SELECT count(t) FROM t", "t")).isEqualTo(22);
  }
}
