package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.ConnectionSettings;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The binlog source, live and from files, on the oldest and newest servers, with row-based
 * (annotated and not) and statement-based logging, while several sessions write.
 */
class BinlogCaptureIT {
  // Not the common pool: on two cores it has one thread, which the capture would hold.
  private static final java.util.concurrent.ExecutorService THREADS =
      java.util.concurrent.Executors.newCachedThreadPool();

  @TempDir Path dir;

  record Ran(long session, String sql) {}

  @ParameterizedTest
  @ValueSource(strings = {TestServers.OLD, TestServers.NEW})
  void liveAndFileCaptureSeeEveryWriteWithItsSqlSchemaAndTransaction(String version)
      throws Exception {
    try (EmbeddedTarget server =
        TestServers.start(
            "SOURCE",
            version,
            "log_bin=mysql-bin",
            "server_id=1",
            "binlog_format=ROW",
            "binlog_annotate_row_events=ON")) {
      TestServers.exec(
          server,
          "CREATE DATABASE shop",
          "CREATE TABLE shop.t (id INT PRIMARY KEY, v VARCHAR(50)) ENGINE=InnoDB",
          "CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'pw'",
          "GRANT REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'repl'@'127.0.0.1'");
      try (Target repl = asUser(server, "repl", "pw")) {
        Path out = dir.resolve("live.jsonl.gz");
        StringWriter err = new StringWriter();
        CompletableFuture<CaptureSummary> live =
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return Capture.run(
                        CaptureSources.binlogLive(repl, replAccount("pw"), null),
                        new CaptureSettings(
                            out,
                            CaptureFilter.none(),
                            0,
                            Duration.ofSeconds(8),
                            null,
                            Clock.systemUTC()),
                        new PrintWriter(err, true));
                  } catch (IOException e) {
                    throw new RuntimeException(e);
                  }
                },
                THREADS);
        awaitBinlogDump(server);
        List<Ran> ran = writeLoad(server);
        // A rotation while the live capture runs: it follows into the next file.
        TestServers.exec(
            server, "FLUSH BINARY LOGS", "INSERT INTO shop.t VALUES (998, 'live rotation')");
        CaptureSummary summary = live.join();
        assertThat(summary.endedBy()).as(err + " " + summary).isEqualTo("--duration");
        List<QueryEvent> events = read(out);
        assertCaptured(events, ran, summary);
        QueryEvent afterRotation =
            events.stream()
                .filter(e -> e.sql().contains("live rotation"))
                .findFirst()
                .orElseThrow();
        assertThat(afterRotation.origin().file()).isEqualTo("mysql-bin.000002");
        // The workload says what its order means and where the binary log stood: a write replay
        // keeps the first, and OLD and NEW are restored to the second.
        try (WorkloadReader r = WorkloadReader.open(out, w -> {})) {
          r.forEach(e -> {});
          assertThat(r.header().order()).isEqualTo(WorkloadHeader.COMMIT);
          assertThat(r.startPosition().file()).isEqualTo("mysql-bin.000001");
          assertThat(r.endPosition().file()).isEqualTo("mysql-bin.000002");
          assertThat(r.endPosition().position()).isGreaterThan(4L);
        }

        // --binlog-start reads history: from the first file on, up to an event limit.
        Path history = dir.resolve("history.jsonl.gz");
        CaptureSummary hs =
            Capture.run(
                CaptureSources.binlogLive(repl, replAccount("pw"), "mysql-bin.000001:4"),
                new CaptureSettings(
                    history,
                    CaptureFilter.none(),
                    3,
                    Duration.ofSeconds(20),
                    null,
                    Clock.systemUTC()),
                new PrintWriter(new StringWriter(), true));
        assertThat(hs.endedBy()).isEqualTo("--max-events");
        assertThat(read(history))
            .extracting(QueryEvent::sql)
            .contains("CREATE DATABASE shop")
            .hasSize(3);

        // The same from the files, across a rotation.
        TestServers.exec(
            server, "FLUSH BINARY LOGS", "INSERT INTO shop.t VALUES (999, 'after rotation')");
        List<String> files;
        try (Stream<Path> s = Files.list(server.server().dataDir())) {
          files =
              s.filter(p -> p.getFileName().toString().matches("mysql-bin\\.\\d+"))
                  .map(Path::toString)
                  .sorted()
                  .toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(2);
        Path fromFiles = dir.resolve("files.jsonl.gz");
        CaptureSummary fs =
            Capture.run(
                CaptureSources.binlogFiles(files),
                new CaptureSettings(
                    fromFiles, CaptureFilter.none(), 0, null, null, Clock.systemUTC()),
                new PrintWriter(new StringWriter(), true));
        List<QueryEvent> fileEvents = read(fromFiles);
        assertCaptured(fileEvents, ran, fs);
        assertThat(fileEvents)
            .extracting(QueryEvent::sql)
            .contains("INSERT INTO shop.t VALUES (999, 'after rotation')", "CREATE DATABASE shop");
        QueryEvent rotated =
            fileEvents.stream()
                .filter(e -> e.sql().contains("after rotation"))
                .findFirst()
                .orElseThrow();
        assertThat(fileEvents)
            .extracting(QueryEvent::sql)
            .contains("INSERT INTO shop.t VALUES (998, 'live rotation')");
        assertThat(rotated.origin().file())
            .isEqualTo(Path.of(files.get(files.size() - 1)).getFileName().toString());
        // Offsets are real positions in the file, also inside transactions (11.4 writes 0 there).
        assertThat(fileEvents)
            .allSatisfy(e -> assertThat(e.origin().offset()).isGreaterThanOrEqualTo(4L));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {TestServers.OLD, TestServers.NEW})
  void passwordsInTheBinlogAreMaskedAtCaptureUnlessKept(String version) throws Exception {
    List<String> withSecrets =
        List.of(
            "CREATE USER 'app'@'%' IDENTIFIED BY 'bin-s3cret-1'",
            "SET PASSWORD FOR 'app'@'%' = PASSWORD('bin-s3cret-2')",
            "GRANT SELECT ON *.* TO 'app'@'%' IDENTIFIED BY 'bin-s3cret-3'");
    try (EmbeddedTarget server =
        TestServers.start("SOURCE", version, "log_bin=mysql-bin", "server_id=1")) {
      TestServers.exec(server, withSecrets.toArray(String[]::new));
      TestServers.exec(server, "FLUSH BINARY LOGS");
      List<String> files;
      try (Stream<Path> s = Files.list(server.server().dataDir())) {
        files =
            s.filter(p -> p.getFileName().toString().matches("mysql-bin\\.\\d+"))
                .map(Path::toString)
                .sorted()
                .toList();
      }
      Path masked = dir.resolve("masked.jsonl");
      Path kept = dir.resolve("kept.jsonl");
      for (Path out : List.of(masked, kept)) {
        Capture.run(
            CaptureSources.binlogFiles(files),
            new CaptureSettings(
                out, CaptureFilter.none(), 0, null, null, Clock.systemUTC(), out == kept),
            new PrintWriter(new StringWriter(), true));
      }
      // The binlog holds the statements with their passwords (SET PASSWORD with the hash, which
      // is as good as the password to whoever can log in with it): --keep-secrets keeps them.
      String hash;
      try (Connection c = server.connect();
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT PASSWORD('bin-s3cret-2')")) {
        rs.next();
        hash = rs.getString(1);
      }
      assertThat(read(kept))
          .extracting(QueryEvent::sql)
          .as(version)
          .contains(
              withSecrets.get(0), "SET PASSWORD FOR 'app'@'%'='" + hash + "'", withSecrets.get(2));
      assertThat(Files.readString(masked)).doesNotContain("bin-s3cret").doesNotContain(hash);
      assertThat(read(masked))
          .extracting(QueryEvent::sql)
          .as(version)
          .contains(
              "CREATE USER 'app'@'%' IDENTIFIED BY '****'",
              "SET PASSWORD FOR 'app'@'%'='****'",
              "GRANT SELECT ON *.* TO 'app'@'%' IDENTIFIED BY '****'");
    }
  }

  private static void assertCaptured(
      List<QueryEvent> events, List<Ran> ran, CaptureSummary summary) {
    List<String> sql = events.stream().map(QueryEvent::sql).toList();
    for (Ran r : ran) {
      if (r.sql().contains("not annotated")) {
        assertThat(sql).doesNotContain(r.sql());
      } else if (!r.sql().startsWith("SET ")) {
        assertThat(sql).as("captured %s", r.sql()).contains(r.sql());
      }
    }
    // Row events without SQL are counted, not silently dropped.
    assertThat(summary.counters())
        .containsEntry("row events without SQL (not replayable, counted)", 2L);
    // Statement-based events carry their session and schema.
    Ran stmt =
        ran.stream().filter(r -> r.sql().contains("statement based")).findFirst().orElseThrow();
    QueryEvent e =
        events.stream().filter(x -> x.sql().equals(stmt.sql())).findFirst().orElseThrow();
    assertThat(e.session()).isEqualTo(stmt.session());
    assertThat(e.schema()).isEqualTo("shop");
    // Row-based statements get their schema from the table they changed.
    QueryEvent row =
        events.stream().filter(x -> x.sql().contains("'row 0 0'")).findFirst().orElseThrow();
    assertThat(row.schema()).isEqualTo("shop");
    // The explicit transaction is kept whole: BEGIN, its two statements, COMMIT, in order.
    int first = sql.indexOf("INSERT INTO t VALUES (500, 'tx a')");
    assertThat(first).isPositive();
    assertThat(sql.get(first - 1)).isEqualTo("BEGIN");
    assertThat(sql.get(first + 1)).isEqualTo("INSERT INTO t VALUES (501, 'tx b')");
    assertThat(sql.get(first + 2)).isEqualTo("COMMIT");
    // The statement-based session's sql_mode is set before its first statement.
    assertThat(events).anySatisfy(x -> assertThat(x.sql()).startsWith("SET SESSION sql_mode = '"));
  }

  /** Several sessions writing: row based (annotated and not), statement based, a transaction. */
  private static List<Ran> writeLoad(EmbeddedTarget server) throws Exception {
    List<Ran> ran = Collections.synchronizedList(new ArrayList<>());
    List<CompletableFuture<Void>> sessions = new ArrayList<>();
    for (int t = 0; t < 3; t++) {
      int thread = t;
      sessions.add(
          CompletableFuture.runAsync(
              () -> {
                try (Connection c = Load.connect(server, "shop");
                    Statement s = c.createStatement()) {
                  long id = session(s);
                  for (int i = 0; i < 5; i++) {
                    String sql =
                        "INSERT INTO t VALUES ("
                            + (thread * 100 + i)
                            + ", 'row "
                            + thread
                            + " "
                            + i
                            + "')";
                    s.execute(sql);
                    ran.add(new Ran(id, sql));
                  }
                  String upd = "UPDATE t SET v = CONCAT(v, '!') WHERE id = " + (thread * 100);
                  s.execute(upd);
                  ran.add(new Ran(id, upd));
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              },
              THREADS));
    }
    for (CompletableFuture<Void> f : sessions) {
      f.join();
    }
    try (Connection c = Load.connect(server, "shop");
        Statement s = c.createStatement()) {
      long id = session(s);
      s.execute("SET SESSION binlog_format = 'STATEMENT'");
      String stmt = "UPDATE t SET v = 'statement based' WHERE id = 1";
      s.execute(stmt);
      ran.add(new Ran(id, stmt));
      s.execute("SET SESSION binlog_format = 'ROW'");
      s.execute("SET SESSION binlog_annotate_row_events = OFF");
      for (String q :
          List.of(
              "INSERT INTO t VALUES (400, 'not annotated')",
              "DELETE FROM t WHERE v = 'not annotated'")) {
        s.execute(q);
        ran.add(new Ran(id, q));
      }
      s.execute("SET SESSION binlog_annotate_row_events = ON");
      c.setAutoCommit(false);
      for (String q :
          List.of("INSERT INTO t VALUES (500, 'tx a')", "INSERT INTO t VALUES (501, 'tx b')")) {
        s.execute(q);
        ran.add(new Ran(id, q));
      }
      c.commit();
    }
    return ran;
  }

  private static long session(Statement s) throws Exception {
    try (ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static void awaitBinlogDump(EmbeddedTarget server) throws Exception {
    for (int i = 0; i < 100; i++) {
      try (Connection c = server.connect();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND LIKE 'Binlog Dump%'")) {
        rs.next();
        if (rs.getInt(1) > 0) {
          return;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the binlog capture never connected");
  }

  /** The replication account as the CLI would resolve it (no TLS on embedded servers). */
  static ConnectionSettings replAccount(String password) {
    return ConnectionSettings.defaults("repl", Secret.of(password)).withSslMode("DISABLED");
  }

  static Target asUser(EmbeddedTarget server, String user, String password) {
    return Targets.open(
        new TargetSettings(
            "SOURCE",
            TargetSpec.parse("jdbc:mysql://127.0.0.1:" + server.server().port() + "/"),
            List.of(),
            ConnectionSettings.defaults(user, Secret.of(password)).withSslMode("DISABLED")),
        m -> {});
  }

  static List<QueryEvent> read(Path out) throws IOException {
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(out, w -> {})) {
      r.forEach(e -> events.add(e.event()));
      assertThat(r.complete()).isTrue();
    }
    return events;
  }
}
