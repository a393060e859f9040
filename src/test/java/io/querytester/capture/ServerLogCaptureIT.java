package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Slow and general logs written by real servers parse to exactly the statements that ran. */
class ServerLogCaptureIT {
  @TempDir Path dir;

  record Ran(long session, String schema, String sql) {}

  @ParameterizedTest
  @ValueSource(strings = {TestServers.OLD, TestServers.NEW})
  void slowAndGeneralLogsHoldWhatTheLoadRan(String version) throws Exception {
    Path slow = dir.resolve("slow.log");
    Path general = dir.resolve("general.log");
    List<Ran> ran;
    try (EmbeddedTarget server =
        TestServers.start(
            "SOURCE",
            version,
            "slow_query_log=1",
            "long_query_time=0",
            "slow_query_log_file=" + slow,
            "general_log=1",
            "general_log_file=" + general,
            "log_output=FILE")) {
      TestServers.exec(
          server,
          "CREATE DATABASE shop",
          "CREATE DATABASE crm",
          "CREATE TABLE shop.t (id INT PRIMARY KEY, v VARCHAR(50)) DEFAULT CHARSET utf8mb4",
          "CREATE TABLE crm.c (id INT PRIMARY KEY, name VARCHAR(50)) DEFAULT CHARSET utf8mb4");
      ran = load(server);
    }
    List<QueryEvent> fromSlow =
        capture(
            CaptureSources.slowLog(List.of(slow.toString()), () -> null, ZoneId.systemDefault()));
    List<QueryEvent> fromGeneral =
        capture(
            CaptureSources.generalLog(
                List.of(general.toString()), () -> null, ZoneId.systemDefault()));
    for (List<QueryEvent> events : List.of(fromSlow, fromGeneral)) {
      for (Ran r : ran) {
        List<QueryEvent> same =
            events.stream()
                .filter(e -> e.sql().equals(r.sql()) && r.session() == e.session())
                .toList();
        assertThat(same).as("%s in session %d", r.sql(), r.session()).hasSize(1);
        if (r.sql().startsWith("USE ")) {
          // The slow log is written after the statement, so USE shows the new schema there.
          assertThat(same.get(0).schema()).isIn(r.schema(), r.sql().substring(4));
        } else {
          assertThat(same.get(0).schema()).as(r.sql()).isEqualTo(r.schema());
        }
        assertThat(same.get(0).user()).isEqualTo("root");
        assertThat(same.get(0).ts()).isNotNull();
      }
    }
    QueryEvent sleep =
        fromSlow.stream()
            .filter(e -> e.sql().startsWith("SELECT SLEEP(0.2)"))
            .findFirst()
            .orElseThrow();
    assertThat(sleep.durationMicros()).isGreaterThanOrEqualTo(190_000L);
    assertThat(sleep.rowsSent()).isEqualTo(1L);
  }

  private List<QueryEvent> capture(CaptureSource source) throws Exception {
    Path out = dir.resolve(source.kind() + ".jsonl");
    StringWriter err = new StringWriter();
    CaptureSummary s =
        Capture.run(
            source,
            new CaptureSettings(out, CaptureFilter.none(), 0, null, null, Clock.systemUTC()),
            new PrintWriter(err, true));
    assertThat(s.skippedTotal()).as(err.toString()).isZero();
    assertThat(err.toString()).isEmpty();
    return BinlogCaptureIT.read(out);
  }

  /** Three sessions: schema changes, multi-line and non-ASCII statements, reads and writes. */
  private static List<Ran> load(EmbeddedTarget server) throws Exception {
    List<Ran> ran = Collections.synchronizedList(new ArrayList<>());
    ExecutorService threads = Executors.newCachedThreadPool();
    List<Future<?>> sessions = new ArrayList<>();
    for (int t = 0; t < 3; t++) {
      int thread = t;
      sessions.add(
          threads.submit(
              () -> {
                try (Connection c = Load.connect(server, "shop");
                    Statement s = c.createStatement()) {
                  long id;
                  try (ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
                    rs.next();
                    id = rs.getLong(1);
                  }
                  for (int i = 0; i < 5; i++) {
                    exec(
                        s,
                        ran,
                        id,
                        "shop",
                        "INSERT INTO t VALUES ("
                            + (thread * 10 + i)
                            + ", 'Grüße "
                            + thread
                            + " "
                            + i
                            + "')");
                    exec(
                        s,
                        ran,
                        id,
                        "shop",
                        "SELECT v\nFROM t\nWHERE id = " + (thread * 10 + i) + " /* multi-line */");
                  }
                  exec(s, ran, id, "shop", "USE crm");
                  exec(
                      s,
                      ran,
                      id,
                      "crm",
                      "INSERT INTO c VALUES (" + thread + ", '東京 " + thread + "')");
                  exec(s, ran, id, "crm", "SELECT name FROM c WHERE id = " + thread);
                  c.setCatalog("shop"); // COM_INIT_DB, not a statement
                  exec(
                      s,
                      ran,
                      id,
                      "shop",
                      "SELECT COUNT(*) FROM t WHERE v LIKE 'Gr%" + thread + "%'");
                  if (thread == 0) {
                    exec(s, ran, id, "shop", "SELECT SLEEP(0.2), 'slow one'");
                  }
                }
                return null;
              }));
    }
    for (Future<?> f : sessions) {
      f.get();
    }
    threads.shutdown();
    return ran;
  }

  private static void exec(Statement s, List<Ran> ran, long session, String schema, String sql)
      throws Exception {
    s.execute(sql);
    ran.add(new Ran(session, schema, sql));
  }
}
