package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.DataLoader;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * samples/ loads the same data into every server version, its workload file reads completely, and
 * the differences samples/README.md documents between 10.2.11 and 11.4.5 are really there.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SamplesIT {
  static final Path SCHEMA = Path.of("samples", "schema.sql");
  static final Path DATA = Path.of("samples", "data.sql");
  static final Path WORKLOAD = Path.of("samples", "workload.jsonl");

  /** What samples/generate.py writes; samples/README.md quotes the same numbers. */
  static final Map<String, Long> ROWS =
      Map.of(
          "categories", 22L,
          "customers", 2000L,
          "products", 500L,
          "orders", 10000L,
          "order_lines", 30180L);

  static final int EVENTS = 379;
  static final int CLASSES = 39;
  static final int SESSIONS = 8;

  EmbeddedTarget old;
  EmbeddedTarget neu;

  @BeforeAll
  void startAndLoad() {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    old = o.join();
    neu = n.join();
    load(old);
    load(neu);
  }

  @AfterAll
  void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  /** The way demo and --load do it. */
  static void load(Target target) {
    DataLoader loader = new DataLoader(m -> System.err.println("[" + target.label() + "] " + m));
    long start = System.nanoTime();
    loader.load(target, SCHEMA);
    loader.load(target, DATA);
    System.err.printf(
        "[%s] samples loaded in %d ms%n", target.label(), (System.nanoTime() - start) / 1_000_000);
  }

  @Test
  void oldAndNewHoldTheSameRows() {
    for (String table : ROWS.keySet()) {
      List<String> onOld = query(old, contentChecksum(table));
      List<String> onNew = query(neu, contentChecksum(table));
      assertThat(onOld.getFirst()).as(table).startsWith(ROWS.get(table) + " | ");
      assertThat(onNew).as(table + " on NEW").isEqualTo(onOld);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"10.1.23", "10.11.5"})
  void loadsOnTheOtherVersions(String version) {
    try (EmbeddedTarget t = TestServers.start("V" + version, version)) {
      load(t);
      for (var table : ROWS.entrySet()) {
        assertThat(query(t, "SELECT COUNT(*) FROM shop." + table.getKey()))
            .as(table.getKey())
            .containsExactly(String.valueOf(table.getValue()));
      }
    }
  }

  @Test
  void workloadReadsCompletely() throws Exception {
    List<String> warnings = new ArrayList<>();
    Set<String> classes = new HashSet<>();
    Set<Long> sessions = new HashSet<>();
    Map<StatementKind, Integer> kinds = new LinkedHashMap<>();
    int events = 0;
    try (WorkloadReader reader = WorkloadReader.open(WORKLOAD, warnings::add)) {
      assertThat(reader.header().source()).isEqualTo("manual");
      for (WorkloadReader.Entry entry : reader) {
        QueryEvent e = entry.event();
        assertThat(e.schema()).isEqualTo("shop");
        assertThat(e.ts()).isNotNull();
        SqlProfile profile = SqlProfile.of(e.sql());
        classes.add(profile.classId());
        kinds.merge(profile.kind(), 1, Integer::sum);
        sessions.add(e.session());
        events++;
      }
      assertThat(reader.complete()).isTrue();
      assertThat(reader.skipped()).isZero();
    }
    assertThat(warnings).isEmpty();
    assertThat(events).isEqualTo(EVENTS);
    assertThat(classes).hasSize(CLASSES);
    assertThat(sessions).hasSize(SESSIONS);
    assertThat(kinds).containsKeys(StatementKind.READ, StatementKind.WRITE, StatementKind.SESSION);
  }

  // --- the differences samples/README.md documents, each checked on the real servers

  @Test
  void jsonNumbersInExponentFormAreNullWithAWarningOnOld() {
    String sql = "SELECT JSON_EXTRACT(attributes, '$.standby_kw') FROM products WHERE id = 9";
    Outcome o = run(old, sql);
    Outcome n = run(neu, sql);
    assertThat(o.rows()).containsExactly("null");
    assertThat(o.warnings()).singleElement().asString().startsWith("4038 Syntax error in JSON");
    assertThat(n.rows()).containsExactly("2.5e-05");
    assertThat(n.warnings()).isEmpty();
  }

  @Test
  void dateFormatPercentZIsATimeZoneOnlyOnNew() {
    String sql = "SELECT DATE_FORMAT(ordered_at, '%Y-%m-%dT%H:%i:%s%z') FROM orders WHERE id = 10";
    String setTz = "SET time_zone = '+00:00'";
    assertThat(run(old, setTz, sql).rows()).containsExactly("2024-01-01T17:25:12z");
    assertThat(run(neu, setTz, sql).rows()).containsExactly("2024-01-01T17:25:12+0000");
  }

  @Test
  void nonAggregatedColumnsOfAGroupByComeFromOtherRows() {
    // Depends on the plan (index scan on OLD, table scan and filesort on NEW); stable over
    // repeated fresh loads because data.sql ends with ANALYZE TABLE.
    String sql =
        "SELECT category_id, name, MAX(price) FROM products WHERE price > 0 GROUP BY category_id";
    List<String> o = run(old, sql).rows();
    List<String> n = run(neu, sql).rows();
    assertThat(n).hasSameSizeAs(o).isNotEqualTo(o);
    assertThat(n.stream().map(SamplesIT::withoutName).toList())
        .isEqualTo(o.stream().map(SamplesIT::withoutName).toList());
  }

  @Test
  void offsetIsAReservedWordOnNew() {
    String sql = "SELECT COUNT(*) AS total, 40 AS offset FROM products WHERE category_id = 3";
    assertThat(run(old, sql).error()).isNull();
    assertThat(run(neu, sql).error()).startsWith("1064 ");
  }

  @Test
  void posixUpperClassIgnoresCaseOnlyOnOld() {
    String sql = "SELECT COUNT(*) FROM customers WHERE email REGEXP '[[:upper:]]'";
    assertThat(run(old, sql).rows()).containsExactly("2000");
    assertThat(run(neu, sql).rows()).containsExactly("20");
  }

  @Test
  void stringToNumberWarningsNameAnotherType() {
    String sql = "SELECT id FROM customers WHERE id = '42 '";
    assertThat(run(old, sql).warnings())
        .containsExactly("1292 Truncated incorrect DOUBLE value: '42 '");
    assertThat(run(neu, sql).warnings())
        .containsExactly("1292 Truncated incorrect DECIMAL value: '42 '");
  }

  @Test
  void fromUnixtimeOutOfRangeWarnsOnlyOnNew() {
    String sql = "SELECT FROM_UNIXTIME(1782345600000)";
    Outcome o = run(old, sql);
    Outcome n = run(neu, sql);
    assertThat(o.rows()).containsExactly("null");
    assertThat(n.rows()).containsExactly("null");
    assertThat(o.warnings()).isEmpty();
    assertThat(n.warnings())
        .containsExactly("1292 Truncated incorrect unixtime value: '1782345600000'");
  }

  @Test
  void ambiguousColumnErrorHasANewText() {
    String sql =
        "SELECT id, status FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.id = 1";
    assertThat(run(old, sql).error()).isEqualTo("1052 Column 'id' in field list is ambiguous");
    assertThat(run(neu, sql).error()).isEqualTo("1052 Column 'id' in SELECT is ambiguous");
  }

  @Test
  void showCreateTableNamesTheCollationOnNew() {
    String sql = "SHOW CREATE TABLE orders";
    assertThat(run(old, sql).rows().getFirst()).endsWith("DEFAULT CHARSET=utf8mb4");
    assertThat(run(neu, sql).rows().getFirst())
        .endsWith("DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");
  }

  @Test
  void naturalSortKeyExistsOnlyOnNew() {
    String sql = "SELECT sku FROM products ORDER BY NATURAL_SORT_KEY(name), id LIMIT 1";
    assertThat(run(old, sql).error()).startsWith("1305 FUNCTION shop.NATURAL_SORT_KEY");
    assertThat(run(neu, sql).error()).isNull();
  }

  @Test
  void txIsolationIsDeprecatedOnNew() {
    String sql = "SET SESSION tx_isolation = 'READ-COMMITTED'";
    assertThat(run(old, sql).warnings()).isEmpty();
    assertThat(run(neu, sql).warnings()).singleElement().asString().startsWith("1287 ");
  }

  @Test
  void integerFunctionsReturnIntInsteadOfBigintOnNew() {
    String sql = "SELECT CHAR_LENGTH(city), DATEDIFF(NOW(), created_at), 1 FROM customers LIMIT 1";
    assertThat(run(old, sql).types()).containsExactly("BIGINT", "BIGINT", "BIGINT");
    assertThat(run(neu, sql).types()).containsExactly("INT", "INT", "INT");
  }

  // --- helpers

  /** What one statement gave: an error, or rows (columns joined by " | "), types, warnings. */
  record Outcome(String error, List<String> types, List<String> rows, List<String> warnings) {}

  /** Runs setup statements and then the last one on one connection with schema shop. */
  static Outcome run(Target target, String... sql) {
    try (Connection c = target.connect()) {
      c.setCatalog("shop");
      try (Statement s = c.createStatement()) {
        for (int i = 0; i < sql.length - 1; i++) {
          s.execute(sql[i]);
        }
        List<String> types = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        try {
          if (s.execute(sql[sql.length - 1])) {
            try (ResultSet rs = s.getResultSet()) {
              int n = rs.getMetaData().getColumnCount();
              for (int i = 1; i <= n; i++) {
                types.add(rs.getMetaData().getColumnTypeName(i));
              }
              while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                  row.add(String.valueOf(rs.getString(i)));
                }
                rows.add(String.join(" | ", row));
              }
            }
          }
        } catch (SQLException e) {
          return new Outcome(e.getErrorCode() + " " + e.getMessage(), types, rows, List.of());
        }
        List<String> warnings = new ArrayList<>();
        for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
          warnings.add(w.getErrorCode() + " " + w.getMessage());
        }
        return new Outcome(null, types, rows, warnings);
      }
    } catch (SQLException e) {
      throw new AssertionError(target.describe() + ": " + e.getMessage(), e);
    }
  }

  static List<String> query(Target target, String sql) {
    Outcome o = run(target, sql);
    assertThat(o.error()).as(sql).isNull();
    return o.rows();
  }

  /** Row count and a checksum over every column, so that a changed character shows. */
  static String contentChecksum(String table) {
    return "SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', "
        + switch (table) {
          case "categories" -> "id, parent_id, name, slug";
          case "customers" ->
              "id, email, first_name, last_name, city, country, birth_date, created_at,"
                  + " updated_at, loyalty_points, credit_limit, tier, preferences";
          case "products" ->
              "id, sku, category_id, name, description, price, cost, weight_kg, rating, stock,"
                  + " status, attributes, created_at";
          case "orders" ->
              "id, customer_id, status, ordered_at, shipped_at, delivery_date, currency, total,"
                  + " shipping_cost, coupon_code, note, updated_at";
          case "order_lines" ->
              "order_id, line_no, product_id, quantity, unit_price, discount_rate, tax_rate";
          default -> throw new IllegalArgumentException(table);
        }
        + "))) FROM "
        + table;
  }

  private static String withoutName(String row) {
    String[] cols = row.split(" \\| ");
    return cols[0] + " | " + cols[cols.length - 1];
  }
}
