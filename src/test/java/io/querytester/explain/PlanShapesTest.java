package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Plans as MariaDB 10.2.11 and 11.4.5 printed them for the sample shop (recorded), and as MySQL 8.0
 * prints them (its documented shape), normalised and compared. The queries:
 *
 * <ol>
 *   <li>{@code SELECT id, name, rating FROM products WHERE status = 'active' ORDER BY rating DESC
 *       LIMIT 10}
 *   <li>{@code SELECT c.id, c.email, COUNT(*) FROM customers c JOIN orders o ON o.customer_id =
 *       c.id WHERE c.country = 'GB' GROUP BY c.id, c.email ORDER BY COUNT(*) DESC}
 *   <li>{@code SELECT id, email FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE
 *       total > 2000) AND country = 'DE'}
 *   <li>{@code SELECT p.id, (SELECT MAX(l.quantity) FROM order_lines l WHERE l.product_id = p.id)
 *       AS q FROM products p WHERE p.category_id = 3}
 * </ol>
 */
class PlanShapesTest {

  @Test
  void mariaDb102RepeatsTableInOneObjectAndEveryTableIsKept() {
    Plan p = plan("mariadb-10.2.11-q3.json");
    assertThat(p.tables())
        .extracting(Plan.Table::table)
        .containsExactly("customers", "<subquery2>", "orders");
    assertThat(p.tables().getFirst())
        .isEqualTo(
            new Plan.Table(
                "customers",
                "ref",
                "idx_customers_country_city",
                "8",
                482L,
                100.0,
                null,
                null,
                true,
                null));
    assertThat(p.tables().get(2).key()).isNull();
    assertThat(p.subqueries()).containsExactly("materialization");
    assertThat(p.temporary()).isFalse();
    assertThat(p.filesort()).isFalse();
  }

  @Test
  void theSemiJoinStrategyChangeFrom102To114IsNamed() {
    PlanDiff d = PlanDiff.of(plan("mariadb-10.2.11-q3.json"), plan("mariadb-11.4.5-q3.json"));
    assertThat(d.changes())
        .contains(
            "<subquery2>: only on OLD",
            "customers: access ref -> ALL",
            "customers: key idx_customers_country_city -> none",
            "orders: access ALL -> ref",
            "subqueries: materialization -> firstmatch");
    assertThat(d.estimates()).contains("customers: rows 482 -> 1980");
  }

  @Test
  void filesortAndTemporaryTableReadTheSameFromMariaDbsWrappersAndMySqlsFlags() {
    for (String f :
        List.of("mariadb-10.2.11-q2.json", "mariadb-11.4.5-q2.json", "mysql-8.0-q2.json")) {
      Plan p = plan(f);
      assertThat(p.temporary()).as(f).isTrue();
      assertThat(p.filesort()).as(f).isTrue();
      assertThat(p.joinOrder()).as(f).isEqualTo("c, o");
    }
    // MariaDB pushes the ref's own condition down to the index; the MySQL shape does not say so
    assertThat(PlanDiff.of(plan("mariadb-11.4.5-q2.json"), plan("mysql-8.0-q2.json")).changes())
        .containsExactly("c: index condition pushdown yes -> no");
    Plan q1 = plan("mariadb-10.2.11-q1.json");
    assertThat(q1.filesort()).isTrue();
    assertThat(q1.temporary()).isFalse();
    assertThat(PlanDiff.of(q1, plan("mysql-8.0-q1.json")))
        .isEqualTo(new PlanDiff(List.of(), List.of()));
  }

  @Test
  void mySqlsRowsExaminedPerScanAndStringFilteredAreRowsAndFiltered() {
    Plan p = plan("mysql-8.0-q3.json");
    assertThat(p.tables())
        .extracting(Plan.Table::table)
        .containsExactly("customers", "<subquery2>", "orders");
    assertThat(p.tables().get(2).rows()).isEqualTo(9938L);
    assertThat(p.tables().get(2).filtered()).isEqualTo(33.33);
    assertThat(p.subqueries()).containsExactly("materialization");
    // the materialization's own table is not the statement's temporary table
    assertThat(p.temporary()).isFalse();
  }

  @Test
  void subqueriesAreDependentOnMySqlAndCachedOnMariaDb() {
    assertThat(plan("mysql-8.0-q4.json").subqueries()).containsExactly("dependent subquery");
    assertThat(plan("mariadb-10.2.11-q4.json").subqueries())
        .containsExactly("subquery (expression cache)");
    assertThat(plan("mariadb-11.4.5-q4.json").joinOrder()).isEqualTo("p, l");
  }

  @Test
  void tabularExplainGivesThePlanThatJsonGives() {
    Plan tabular =
        PlanShapes.fromRows(
            List.of(
                row(
                    "PRIMARY",
                    "customers",
                    "ref",
                    "idx_customers_country_city",
                    "8",
                    "482",
                    "Using index condition"),
                row("PRIMARY", "<subquery2>", "eq_ref", "distinct_key", "4", "1", ""),
                row("MATERIALIZED", "orders", "ALL", null, null, "9942", "Using where")));
    PlanDiff d = PlanDiff.of(plan("mariadb-10.2.11-q3.json"), tabular);
    assertThat(d.changes()).isEmpty();
    assertThat(d.estimates()).contains("orders: rows 9938 -> 9942", "orders: filtered 100 -> none");
    Plan firstMatch =
        PlanShapes.fromRows(
            List.of(
                row(
                    "PRIMARY",
                    "c",
                    "ref",
                    "k",
                    "8",
                    "120",
                    "Using where; Using temporary; Using filesort"),
                row("PRIMARY", "orders", "ref", "k", "4", "5", "Using where; FirstMatch(c)")));
    assertThat(firstMatch.temporary()).isTrue();
    assertThat(firstMatch.filesort()).isTrue();
    assertThat(firstMatch.subqueries()).containsExactly("firstmatch");
    Plan none =
        PlanShapes.fromRows(
            List.of(row("SIMPLE", null, null, null, null, null, "Impossible WHERE")));
    assertThat(none.tables()).isEmpty();
    assertThat(none.notes()).containsExactly("Impossible WHERE");
  }

  @Test
  void theComparisonSaysSamePlanOrWhatChangedInOneLine() {
    PlanComparison.Example ex = new PlanComparison.Example("C1", List.of("row order"), 7, "SELECT");
    Plan a = plan("mariadb-10.2.11-q1.json");
    assertThat(PlanComparison.of(ex, a, plan("mysql-8.0-q1.json"), null, null).summary())
        .isEqualTo("same plan: the cause is elsewhere");
    PlanComparison changed =
        PlanComparison.of(
            ex, plan("mariadb-10.2.11-q3.json"), plan("mariadb-11.4.5-q3.json"), null, null);
    assertThat(changed.status()).isEqualTo(PlanComparison.DIFFERENT);
    assertThat(changed.summary())
        .startsWith("plan changed: ")
        .contains("materialization -> firstmatch");
    PlanComparison missing = PlanComparison.of(ex, a, null, null, "ERROR 1146 (42S02): no table");
    assertThat(missing.status()).isEqualTo(PlanComparison.UNAVAILABLE);
    assertThat(missing.summary()).contains("NEW: ERROR 1146");
  }

  @Test
  void aRowidFilterOnTheSameAccessIsAnotherPlanNotTheSamePlan() {
    // the case: same access type, key and key length; NEW adds a rowid filter
    Plan without = plan("mariadb-11.4.5-q5-no-filter.json");
    Plan with = plan("mariadb-11.4.5-q5.json");
    assertThat(with.tables().getFirst().rowidFilter()).isEqualTo("ka");
    assertThat(without.tables().getFirst().rowidFilter()).isNull();
    assertThat(with.tables().getFirst().key()).isEqualTo(without.tables().getFirst().key());
    PlanComparison.Example ex = new PlanComparison.Example("C1", List.of("latency"), 7, "SELECT");
    PlanComparison c = PlanComparison.of(ex, without, with, null, null);
    assertThat(c.status()).isEqualTo(PlanComparison.DIFFERENT);
    assertThat(c.changes()).containsExactly("t: rowid filter none -> ka");
  }

  @Test
  void joinBuffersAndTheirKindAreKeptFromJsonAndTabularExplain() {
    Plan p = plan("mariadb-11.4.5-q6.json");
    assertThat(p.tables()).extracting(Plan.Table::joinBuffer).containsExactly(null, "BNL flat");
    assertThat(PlanShapes.tabularJoinBuffer("Using where; Using join buffer (flat, BNL join)"))
        .isEqualTo("BNL flat");
    assertThat(PlanShapes.tabularJoinBuffer("Using join buffer (incremental, BNLH join)"))
        .isEqualTo("BNLH incremental");
    assertThat(PlanShapes.tabularJoinBuffer("Using where; Using join buffer (hash join)"))
        .isEqualTo("hash join");
    Plan rows =
        PlanShapes.fromRows(
            List.of(
                row(
                    "SIMPLE",
                    "t",
                    "ref",
                    "kb|ka",
                    "5|5",
                    "1031",
                    "Using where; Using rowid filter")));
    assertThat(rows.tables().getFirst().key()).isEqualTo("kb");
    assertThat(rows.tables().getFirst().rowidFilter()).isEqualTo("ka");
  }

  @Test
  void theHistogramsATraceUsedAreNamedAndOnlyTwoTracesCompare() throws IOException {
    String trace;
    try (InputStream in =
        PlanShapesTest.class.getResourceAsStream("mariadb-11.4.5-q5-trace.json")) {
      trace = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(PlanShapes.histograms(trace)).containsExactly("t.c");
    Plan with = plan("mariadb-11.4.5-q5.json");
    assertThat(
            PlanDiff.of(with.withHistograms(List.of()), with.withHistograms(List.of("t.c")))
                .changes())
        .containsExactly("histograms: none -> t.c");
    // a side without a trace (10.2) says nothing about histograms
    assertThat(PlanDiff.of(with, with.withHistograms(List.of("t.c"))).changes()).isEmpty();
  }

  @Test
  void textThatIsNoJsonIsRefusedWithAMessage() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlanShapes.fromJson("x", "{\"a\": "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not EXPLAIN JSON");
  }

  private static Map<String, String> row(
      String selectType,
      String table,
      String type,
      String key,
      String keyLen,
      String rows,
      String extra) {
    Map<String, String> r = new HashMap<>();
    r.put("select_type", selectType);
    r.put("table", table);
    r.put("type", type);
    r.put("key", key);
    r.put("key_len", keyLen);
    r.put("rows", rows);
    r.put("extra", extra);
    return r;
  }

  static Plan plan(String file) {
    try (InputStream in = PlanShapesTest.class.getResourceAsStream(file)) {
      assertThat(in).as(file).isNotNull();
      return PlanShapes.fromJson(
          "EXPLAIN FORMAT=JSON", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
