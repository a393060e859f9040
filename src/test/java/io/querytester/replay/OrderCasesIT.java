package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.querytester.compare.RunAnalyzer;
import io.querytester.run.Execution;
import io.querytester.run.OrderLog;
import io.querytester.server.SqlScript;
import io.querytester.server.Target;
import io.querytester.testing.CaseFolders;
import io.querytester.testing.FileModes;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.StringReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Write replays in production's order, as data: each folder under src/test/resources/order-cases
 * holds a case.yaml with its servers, schema (and NEW's changes to it), the events of several
 * sessions in capture order, the rows a final query must show on both servers (what the reads saw
 * is written into tables, so the data proves the order), and how many times the order may be
 * relaxed. Every execution must agree between OLD and NEW.
 */
class OrderCasesIT {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, List<Target>> SERVERS = new HashMap<>();

  record Case(
      String old,
      String neu,
      String schema,
      String newSchema,
      List<Object[]> events,
      String finalQuery,
      List<List<String>> finalRows,
      int relaxed,
      int stopAfter) {}

  static Stream<String> cases() throws Exception {
    return CaseFolders.names("order-cases");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void replaysInProductionsOrder(String name, @TempDir Path tmp) throws Exception {
    Case c = load(name);
    List<Target> pair = servers(c.old(), c.neu());
    String db = "order_" + name.replace('-', '_');
    CaseFolders.database(pair, db, c.schema());
    if (c.newSchema() != null) {
      run(pair.get(1), db, c.newSchema());
    }
    Path workload = tmp.resolve("w.jsonl.gz");
    try (WorkloadWriter w =
        WorkloadWriter.create(workload, WorkloadHeader.of("slowlog", null, Instant.now()))) {
      Instant ts = Instant.parse("2026-01-02T03:04:05Z");
      for (Object[] e : c.events()) {
        ts = ts.plusMillis(1);
        w.write(
            new QueryEvent(
                ts,
                ((Number) e[0]).longValue(),
                "app",
                "localhost",
                db,
                (String) e[1],
                null,
                null,
                null,
                null,
                null,
                null));
      }
    }
    Path run = tmp.resolve("run");
    long started = System.nanoTime();
    if (c.stopAfter() > 0) {
      // Stopped inside transactions, then resumed: what the stop rolled back runs again.
      new Replayer(settings(workload, run, c.stopAfter()), m -> {}).run(pair, false);
      new Replayer(settings(workload, run, 0), m -> {}).run(pair, true);
    } else {
      new Replayer(settings(workload, run, 0), m -> {}).run(pair, false);
    }
    // Bounded: a relaxed wait takes well under a lock wait timeout (InnoDB's 50 s).
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));

    List<Execution> executions = new ArrayList<>();
    RunAnalyzer.executions(run, w -> {}).forEach(executions::add);
    assertThat(executions).as(name).hasSize(c.events().size());
    assertThat(executions)
        .as("%s: every statement agrees on OLD and NEW", name)
        .allSatisfy(e -> assertThat(e.differences()).as("line %d", e.event()).isEmpty());
    for (Target t : pair) {
      assertThat(rows(t, db, c.finalQuery()))
          .as("%s: what %s holds at the end", name, t.label())
          .isEqualTo(c.finalRows());
    }
    // the run folder of a write replay (order.jsonl, data.json, causes.json ...) is its owner's
    // alone
    FileModes.assertOwnerOnly(run);
    long relaxed =
        OrderLog.notes(run).stream().filter(n -> n.startsWith("order relaxed: ")).count();
    assertThat(relaxed)
        .as("%s: waits relaxed (%s)", name, OrderLog.notes(run))
        .isEqualTo(c.relaxed());
  }

  private static ReplaySettings settings(Path workload, Path run, long limit) {
    ReplaySettings d = ReplaySettings.defaults(workload, run).withWrites(true);
    return d.withPace(d.pace().withConcurrency(4).withMaxEvents(limit).withSeed(7))
        .withStatements(d.statements().withMaxRows(1_000_000));
  }

  private static void run(Target t, String db, String script) throws Exception {
    try (Connection conn = t.connect();
        Statement st = conn.createStatement()) {
      st.execute("USE " + db);
      for (SqlScript.Statement s : new SqlScript(new StringReader(script))) {
        st.execute(s.sql());
      }
    }
  }

  private static List<List<String>> rows(Target t, String db, String query) throws Exception {
    List<List<String>> out = new ArrayList<>();
    try (Connection conn = t.connect();
        Statement st = conn.createStatement()) {
      st.execute("USE " + db);
      try (ResultSet rs = st.executeQuery(query)) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            row.add(rs.getString(i));
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Case load(String name) throws Exception {
    Map<String, Object> raw =
        YAML.readValue(
            CaseFolders.root("order-cases").resolve(name).resolve("case.yaml").toFile(), Map.class);
    List<Object[]> events = new ArrayList<>();
    for (Object o : (List<?>) raw.get("events")) {
      events.add(((List<?>) o).toArray());
    }
    Map<String, Object> fin = (Map<String, Object>) raw.get("final");
    List<List<String>> rows = new ArrayList<>();
    for (Object r : (List<?>) fin.get("rows")) {
      rows.add(((List<?>) r).stream().map(String::valueOf).toList());
    }
    return new Case(
        String.valueOf(raw.get("old")),
        String.valueOf(raw.get("new")),
        (String) raw.get("schema"),
        (String) raw.get("new_schema"),
        events,
        (String) fin.get("query"),
        rows,
        ((Number) raw.getOrDefault("relaxed", 0)).intValue(),
        ((Number) raw.getOrDefault("stop_after", 0)).intValue());
  }

  private static synchronized List<Target> servers(String old, String neu) {
    return SERVERS.computeIfAbsent(
        old + "->" + neu,
        k -> List.of(TestServers.start("OLD", old), TestServers.start("NEW", neu)));
  }

  @AfterAll
  static void stop() {
    SERVERS.values().forEach(l -> l.forEach(Target::close));
    SERVERS.clear();
  }
}
