package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.server.DataLoader;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import io.querytester.workload.QueryEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38's attacks and variations of them, replayed without --allow-writes on 10.2.11 and 11.4.5,
 * both with a binlog and secure_file_priv: sessions whose sql_mode or client character set makes
 * the server read a payload the default reading sees inside a string, and routines whose
 * declarations lie. Each session sets its reading, then runs a payload that takes a named lock,
 * sleeps, writes a file, changes a global or writes data. Nothing of that may happen: the same
 * snapshot as {@link HostileCorpusIT} (checksums, globals, accounts, routines, files) plus the
 * binlog, the files in secure_file_priv, and the named locks and sleeps seen while the replay runs.
 */
class HostileSessionsIT {
  static final Path PRIV = privDir();

  /**
   * String openings whose last UTF-8 byte the client character set reads with the backslash after
   * it (checked on both servers): U+4E3F is E4 B8 BF, and gbk reads E4 B8, then BF 5C; U+3001 is E3
   * 80 81, and sjis and cp932 read E3 80, then 81 5C; U+3021 is E3 80 A1, and big5 reads E3 and 80
   * alone, then A1 5C.
   */
  static final String GBK_TRICK = "a\u4e3f";

  static final String SJIS_TRICK = "a\u3001";
  static final String BIG5_TRICK = "a\u3021";

  static Path privDir() {
    try {
      return Files.createTempDirectory("qt38-priv");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A session: what it sets, then the payload that must never run, then what runs after it.
   *
   * @param setup session statements that change how the server reads (run, or skipped)
   * @param payload each must be skipped
   */
  record Case(String name, List<String> setup, List<String> payload) {}

  static final List<Case> CASES =
      List.of(
          new Case(
              "sql_mode by number",
              List.of("SET sql_mode = 1048576"),
              List.of("SELECT 'x\\' INTO OUTFILE '" + PRIV.resolve("m1.txt") + "' -- '")),
          new Case(
              "sql_mode as hex",
              List.of("SET sql_mode = 0x4E4F5F4241434B534C4153485F45534341504553"),
              List.of("SELECT 'x\\', GET_LOCK('qt38_m2', 0), SLEEP(2) -- '")),
          new Case(
              "sql_mode among other assignments",
              List.of("SET @x = 1, sql_mode = 'NO_BACKSLASH_ESCAPES'"),
              List.of(
                  "SET @a = 'x\\', GLOBAL max_connections = 241 -- '",
                  "SET @a = 'x\\', SESSION tx_read_only = 0 -- '",
                  "SELECT victim.liar()")),
          new Case(
              "ORACLE",
              List.of("SET SESSION sql_mode = 'ORACLE'"),
              List.of("SELECT \"x\\\", GET_LOCK('qt38_m4', 0), SLEEP(2) -- \"")),
          new Case(
              "POSTGRESQL through @@session",
              List.of("SET @@session.sql_mode = 'POSTGRESQL'"),
              List.of("SELECT \"x\\\", GET_LOCK('qt38_m5', 0) -- \"")),
          new Case(
              "MSSQL brackets",
              List.of("SET sql_mode = 'MSSQL'"),
              List.of("SELECT [x'], GET_LOCK('qt38_m6', 0) -- ']")),
          new Case(
              "a list of aliases",
              List.of("SET sql_mode = 'DB2,MAXDB'"),
              List.of("SELECT \"x\\\", GET_LOCK('qt38_m7', 0) -- \"")),
          new Case(
              "ANSI_QUOTES as 4",
              List.of("SET LOCAL sql_mode = 4"),
              List.of("SELECT \"x\\\", GET_LOCK('qt38_m8', 0) -- \"")),
          new Case(
              "SET STATEMENT around a PREPARE",
              List.of(),
              List.of(
                  "SET STATEMENT sql_mode = 'NO_BACKSLASH_ESCAPES' FOR PREPARE s9 FROM"
                      + " 'SELECT ''x\\\\'', GET_LOCK(''qt38_m9'', 0) -- '''",
                  "EXECUTE s9")),
          new Case(
              "sql_mode from a variable",
              List.of("SET @m = 'NO_BACKSLASH_ESCAPES'", "SET sql_mode = @m"),
              List.of("SELECT 'x\\', GET_LOCK('qt38_m10', 0) -- '", "SELECT 1")),
          new Case(
              "SET NAMES gbk",
              List.of("SET NAMES gbk"),
              List.of("SELECT '" + GBK_TRICK + "\\', GET_LOCK('qt38_c1', 0), SLEEP(2) -- '")),
          new Case(
              "SET CHARACTER SET gbk",
              List.of("SET CHARACTER SET gbk"),
              List.of(
                  "SELECT '"
                      + GBK_TRICK
                      + "\\' INTO OUTFILE '"
                      + PRIV.resolve("c2.txt")
                      + "' -- '")),
          new Case(
              "character_set_client = gbk, COLLATE",
              List.of("SET NAMES 'gbk' COLLATE 'gbk_bin'"),
              List.of("SET @a = '" + GBK_TRICK + "\\', GLOBAL max_connections = 242 -- '")),
          new Case(
              "big5",
              List.of("SET character_set_client = big5"),
              List.of("SELECT '" + BIG5_TRICK + "\\', GET_LOCK('qt38_c4', 0) -- '")),
          new Case(
              "sjis",
              List.of("SET NAMES sjis"),
              List.of("SELECT '" + SJIS_TRICK + "\\', GET_LOCK('qt38_c5', 0) -- '")),
          new Case(
              "cp932",
              List.of("SET @@session.character_set_client = 'cp932'"),
              List.of("SELECT '" + SJIS_TRICK + "\\', GET_LOCK('qt38_c6', 0) -- '")),
          new Case(
              "a function declared NO SQL that sets a global",
              List.of(),
              List.of("SELECT victim.nosql_global()", "DO victim.nosql_global()")),
          new Case(
              "through a view",
              List.of(),
              List.of("SELECT x FROM victim.v_global", "SELECT * FROM victim.v_lock")),
          new Case(
              "a function declared READS SQL DATA that locks",
              List.of(),
              List.of("SELECT victim.reads_lock()", "SELECT victim.outer_lock()")),
          new Case(
              "a function that lifts the read-only session, then a liar",
              List.of(),
              List.of("SELECT victim.lift_ro()", "SELECT victim.liar()")),
          new Case(
              "a function that calls a procedure that locks",
              List.of(),
              List.of("SELECT victim.calls_p()")));

  /** Reads that must still run on both sides, each in a session of its own reading. */
  static final List<Case> HARMLESS =
      List.of(
          new Case(
              "ANSI_QUOTES read as such",
              List.of("SET sql_mode = 'ANSI_QUOTES'"),
              List.of("SELECT \"id\" FROM shop.categories ORDER BY 1 LIMIT 2")),
          new Case(
              "gbk text in strings",
              List.of("SET NAMES gbk"),
              List.of("SELECT COUNT(*) FROM shop.categories WHERE name <> 'caf\u00e9'")),
          new Case("a function that only reads", List.of(), List.of("SELECT victim.honest()")));

  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  @BeforeAll
  static void startAndLoad() throws Exception {
    String[] options = {"log-bin=qt38-bin", "secure-file-priv=" + PRIV};
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD, options));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW, options));
    old = o.join();
    neu = n.join();
    for (EmbeddedTarget t : List.of(old, neu)) {
      DataLoader loader = new DataLoader(m -> System.err.println("[" + t.label() + "] " + m));
      loader.load(t, Path.of("samples", "schema.sql"));
      loader.load(t, Path.of("samples", "data.sql"));
      TestServers.exec(
          t,
          "CREATE DATABASE victim",
          "CREATE TABLE victim.t (id INT PRIMARY KEY, v INT)",
          "INSERT INTO victim.t VALUES (1, 10), (2, 20)",
          "CREATE FUNCTION victim.nosql_global() RETURNS INT NO SQL"
              + " BEGIN SET GLOBAL max_connections = 243; RETURN 1; END",
          "CREATE FUNCTION victim.reads_lock() RETURNS INT READS SQL DATA"
              + " RETURN GET_LOCK('qt38_r1', 0)",
          "CREATE FUNCTION victim.outer_lock() RETURNS INT READS SQL DATA"
              + " RETURN victim.reads_lock() + (SELECT COUNT(*) FROM victim.t)",
          "CREATE FUNCTION victim.lift_ro() RETURNS INT NO SQL"
              + " BEGIN SET SESSION tx_read_only = 0; RETURN 1; END",
          "CREATE FUNCTION victim.liar() RETURNS INT READS SQL DATA"
              + " BEGIN UPDATE victim.t SET v = v + 1; RETURN 1; END",
          "CREATE FUNCTION victim.honest() RETURNS INT READS SQL DATA"
              + " RETURN (SELECT SUM(v) FROM victim.t)",
          "CREATE PROCEDURE victim.p_lock() READS SQL DATA DO GET_LOCK('qt38_r4', 0)",
          "CREATE FUNCTION victim.calls_p() RETURNS INT READS SQL DATA"
              + " BEGIN CALL victim.p_lock(); RETURN 1; END",
          "CREATE VIEW victim.v_global AS SELECT victim.nosql_global() AS x",
          "CREATE VIEW victim.v_lock AS SELECT victim.reads_lock() AS x FROM victim.t");
    }
  }

  @AfterAll
  static void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  @Test
  void nothingOfAnyPayloadHappensOnEitherServer(@TempDir Path tmp) throws Exception {
    List<QueryEvent> events = new ArrayList<>();
    List<Case> payloadOf = new ArrayList<>(); // per event: its case for a payload, else null
    List<Case> all = new ArrayList<>(CASES);
    all.addAll(HARMLESS);
    Instant ts = Instant.parse("2026-01-02T03:04:05Z");
    for (int s = 0; s < all.size(); s++) {
      Case c = all.get(s);
      for (String sql : c.setup()) {
        events.add(Workloads.event(ts.plusMillis(events.size()), s + 1, "shop", sql));
        payloadOf.add(null);
      }
      for (String sql : c.payload()) {
        events.add(Workloads.event(ts.plusMillis(events.size()), s + 1, "shop", sql));
        payloadOf.add(c);
      }
    }
    Path workload = Workloads.write(tmp.resolve("hostile.jsonl"), events);
    Map<String, Object> oldBefore = snapshot(old);
    Map<String, Object> newBefore = snapshot(neu);

    Set<String> seen = ConcurrentHashMap.newKeySet();
    try (Watch w1 = new Watch(old, seen);
        Watch w2 = new Watch(neu, seen)) {
      new Replayer(settings(workload, tmp.resolve("run")), m -> {}).run(List.of(old, neu), false);
    }

    assertThat(seen).as("named locks held and sleeps seen during the replay").isEmpty();
    assertThat(old.server().isAlive()).isTrue();
    assertThat(neu.server().isAlive()).isTrue();
    assertThat(snapshot(old)).isEqualTo(oldBefore);
    assertThat(snapshot(neu)).isEqualTo(newBefore);
    try (Stream<Path> files = Files.list(PRIV)) {
      assertThat(files.toList()).as("files in secure_file_priv").isEmpty();
    }

    Map<Long, Execution> byLine = new TreeMap<>();
    ExecutionLog.read(tmp.resolve("run"), w -> {}).forEach(e -> byLine.put(e.event(), e));
    List<Execution> executions = new ArrayList<>(byLine.values());
    assertThat(executions).hasSize(events.size());
    for (int i = 0; i < events.size(); i++) {
      Case c = payloadOf.get(i);
      Execution e = executions.get(i);
      if (c == null) {
        continue;
      }
      if (HARMLESS.contains(c)) {
        assertThat(e.skipped()).as("%s: %s", c.name(), e).isNull();
        assertThat(e.old().ok()).as("%s: %s", c.name(), e.old()).isTrue();
      } else if (e.skipped() == null) {
        // an EXECUTE whose PREPARE was skipped fails alike on both sides, and runs nothing
        assertThat(e.old().errorCode())
            .as("%s, %s: %s", c.name(), events.get(i).sql(), e)
            .isEqualTo(1243);
        assertThat(e.neu().errorCode()).isEqualTo(1243);
      }
    }
  }

  /**
   * A replay through the command line, as a user runs it, of statements that hold secrets or read
   * password hashes (the embedded servers' root passwords differ, so the hashes differ, and the
   * rows are sampled): no file of the run folder, nor the console, shows a secret or a hash; the
   * workload file and every folder and file of the run are the owner's alone.
   */
  @Test
  void noFileOfTheRunShowsASecretAndNoneIsReadableByOthers(@TempDir Path tmp) throws Exception {
    List<String> statements =
        List.of(
            "CREATE SERVER s38 FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD 'pw38-server')",
            "ALTER SERVER s38 OPTIONS (PASSWORD 'pw38-alter')",
            "CREATE TABLE fed (id INT) ENGINE=FEDERATED CONNECTION='mysql://u:pw38-fed@h:1/d/t'",
            "SELECT HEX(AES_ENCRYPT('x', 'key38-aes')), 1",
            "SELECT HEX(ENCODE('x', 'key38-enc')), 1",
            "SELECT ENCRYPT('x', 'key38-crypt'), 1",
            "SELECT User, authentication_string, 1 FROM mysql.user WHERE User = 'root'",
            "SELECT HEX(Password), 1 FROM mysql.user WHERE User = 'root'",
            "SELECT authentication_string + 0 FROM mysql.user WHERE User = 'root'",
            "SHOW GRANTS FOR root@localhost");
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "shop", 1, statements);
    Path rootCnf = TestServers.rootCnf(tmp, old, neu);
    Path run = tmp.resolve("run");
    io.querytester.testing.Cli.Run r =
        io.querytester.testing.Cli.run(
            TestServers.withTargets(
                old,
                neu,
                rootCnf,
                "replay",
                "--workload",
                workload.toString(),
                "--out",
                run.toString(),
                "--no-color"));
    assertThat(r.code()).as(r.err()).isIn(0, 1);
    List<String> hashes = new ArrayList<>();
    for (EmbeddedTarget t : List.of(old, neu)) {
      for (String h :
          query(t, "SELECT CONCAT(Password, ',', authentication_string) FROM mysql.user")) {
        for (String part : h.split(",")) {
          if (part.length() > 8) {
            hashes.add(part);
            hashes.add(part.substring(1)); // the hex digits alone, after the '*'
          }
        }
      }
    }
    assertThat(hashes).as("the root accounts' hashes").isNotEmpty();
    List<String> secrets = new ArrayList<>(hashes);
    secrets.addAll(List.of("pw38-", "key38-"));
    String console = r.out() + r.err();
    List<Path> files;
    try (Stream<Path> st = Files.walk(run)) {
      files = st.filter(Files::isRegularFile).toList();
    }
    assertThat(files).extracting(f -> f.getFileName().toString()).contains("report.json");
    for (String secret : secrets) {
      assertThat(console).doesNotContain(secret);
      for (Path f : files) {
        assertThat(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1))
            .as(f.toString())
            .doesNotContain(secret);
      }
    }
    io.querytester.testing.FileModes.assertOwnerOnly(run);
    io.querytester.testing.FileModes.assertOwnerOnly(workload);
  }

  /** Named locks held and sleeps under way on a server, polled while the replay runs. */
  static final class Watch implements AutoCloseable {
    private final Thread thread;
    private volatile boolean stop;

    Watch(EmbeddedTarget t, Set<String> seen) throws SQLException {
      Connection c = t.connect();
      StringBuilder locks = new StringBuilder("SELECT CONCAT_WS(',', ");
      for (String name :
          List.of(
              "qt38_m2",
              "qt38_m4",
              "qt38_m5",
              "qt38_m6",
              "qt38_m7",
              "qt38_m8",
              "qt38_m9",
              "qt38_m10",
              "qt38_c1",
              "qt38_c4",
              "qt38_c5",
              "qt38_c6",
              "qt38_r1",
              "qt38_r4")) {
        locks.append("IF(IS_USED_LOCK('").append(name).append("') IS NULL, NULL, '");
        locks.append(name).append("'), ");
      }
      locks.append(
          "(SELECT GROUP_CONCAT(STATE) FROM information_schema.PROCESSLIST"
              + " WHERE STATE = 'User sleep'))");
      thread =
          Thread.ofPlatform()
              .name("qt38-watch-" + t.label())
              .start(
                  () -> {
                    try (c;
                        Statement s = c.createStatement()) {
                      while (!stop) {
                        try (ResultSet rs = s.executeQuery(locks.toString())) {
                          rs.next();
                          String held = rs.getString(1);
                          if (held != null && !held.isEmpty()) {
                            seen.add(t.label() + ": " + held);
                          }
                        }
                        Thread.sleep(20);
                      }
                    } catch (SQLException | InterruptedException e) {
                      seen.add(t.label() + " watch failed: " + e);
                    }
                  });
    }

    @Override
    public void close() throws InterruptedException {
      stop = true;
      thread.join();
    }
  }

  static ReplaySettings settings(Path workload, Path run) {
    ReplaySettings d = ReplaySettings.defaults(workload, run);
    return d.withPace(d.pace().withConcurrency(4).withSeed(3))
        .withStatements(new ReplaySettings.Statements(Duration.ofSeconds(5), 5_000_000));
  }

  /** {@link HostileCorpusIT}'s snapshot, and the binlog: nothing written is nothing logged. */
  static Map<String, Object> snapshot(EmbeddedTarget t) throws SQLException, IOException {
    Map<String, Object> s = new LinkedHashMap<>(HostileCorpusIT.snapshot(t));
    s.put("binlog", query(t, "SHOW MASTER STATUS"));
    return s;
  }

  static List<String> query(Target t, String sql) throws SQLException {
    return HostileCorpusIT.query(t, sql);
  }
}
