package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.DataLoader;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import io.querytester.workload.ServerDialect;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statements an attacker would put in a workload, replayed without --allow-writes on 10.2.11 and
 * 11.4.5 loaded with samples/: table checksums, global variables, accounts and their grants,
 * databases, routines and the data dir's files are the same before and after, and both servers are
 * still up.
 */
class HostileCorpusIT {
  static final String OUTFILE = "/tmp/querytester-hostile-" + ProcessHandle.current().pid();

  /** Each of these must be skipped (never run) or refused by the read-only session. */
  static final List<String> HOSTILE =
      List.of(
          "/*!99999 SELECT 1, */ SHUTDOWN",
          "/*!99999 SeLeCt 1, */\t sHuTdOwN",
          "/*!99999 SELECT 1, */ DROP DATABASE victim",
          "/*!99999 SELECT 1, */ SET GLOBAL max_connections=20",
          "/*!99999 SELECT 1, */ CREATE USER evil2@'%' IDENTIFIED BY 'x'",
          "/*!99999 SELECT */ DELETE FROM victim.t",
          "/*M!999999 SELECT 1, */ DELETE FROM victim.t",
          "/*!100212 SELECT 1, */ DELETE FROM victim.t",
          "/*!110405 SELECT 1, */ DELETE FROM victim.t",
          "/*!110406 SELECT 1, */ DELETE FROM victim.t",
          "/*M!100211 SELECT 1, */ DELETE FROM victim.t",
          "/*M!100212 SELECT 1, */ DELETE FROM victim.t",
          "/*!50700 SELECT 1, */ DROP DATABASE victim",
          "/*!99999 /* nested */ SELECT 1, */ DROP DATABASE victim",
          "/*!99999 SELECT 1, DROP DATABASE victim",
          "/*! DROP DATABASE victim */",
          "/*M! DROP DATABASE victim */",
          "/*!99999 SELECT 1, */ /*!99999 SELECT 2, */ SET GLOBAL read_only = 1",
          "SELECT victim.f()",
          "DO victim.f()",
          "SET @x = victim.f()",
          "SET @@session.sql_select_limit = victim.f()",
          "SELECT `victim`.`F`() FROM shop.categories",
          "SELECT victim.liar()",
          "SET STATEMENT tx_read_only = 0 FOR SELECT victim.liar()",
          "SET @x = GET_LOCK('z', 1)",
          "SET @x = SLEEP(2)",
          "DO SLEEP(2)",
          "SELECT BENCHMARK(100000000, MD5('x'))",
          "SELECT LOAD_FILE('/etc/passwd')",
          "SELECT 1 INTO OUTFILE '" + OUTFILE + "'",
          "PREPARE s FROM 'DELETE FROM victim.t'",
          "PREPARE s3 FROM '/*!99999 SELECT 1, */ DROP DATABASE victim'",
          "EXECUTE IMMEDIATE 'DROP DATABASE victim'",
          "SET SESSION TRANSACTION READ WRITE",
          "SET @@session.tx_read_only = 0",
          "UPDATE victim.t SET v = 0",
          "SELECT 1; DROP DATABASE victim",
          "CREATE TABLE victim.t2 (id INT)",
          "GRANT ALL ON *.* TO evil3@'%' IDENTIFIED BY 'pw'",
          "SET PASSWORD FOR root@localhost = PASSWORD('pwned')",
          "FLUSH PRIVILEGES",
          "INSTALL SONAME 'ha_blackhole'",
          "CALL victim.p()");

  /** Reads that must still run, with the same result on both sides. */
  static final List<String> HARMLESS =
      List.of(
          "SELECT/*!99999 1,*/ 2",
          "SELECT /*!40001 SQL_NO_CACHE */ COUNT(*) FROM shop.orders",
          "SELECT victim.honest()",
          "PREPARE s2 FROM 'SELECT COUNT(*) FROM victim.t'",
          "EXECUTE s2");

  /** Replayed, and refused alike on both sides: their PREPARE was skipped. */
  static final List<String> UNKNOWN_STATEMENT = List.of("EXECUTE s", "EXECUTE s3");

  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  @BeforeAll
  static void startAndLoad() throws Exception {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
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
          "CREATE FUNCTION victim.f() RETURNS INT MODIFIES SQL DATA"
              + " BEGIN UPDATE victim.t SET v = v + 1; RETURN 1; END",
          // Declared READS SQL DATA, but writes: the read-only session is the backstop.
          "CREATE FUNCTION victim.liar() RETURNS INT READS SQL DATA"
              + " BEGIN UPDATE victim.t SET v = v + 1; RETURN 1; END",
          "CREATE FUNCTION victim.honest() RETURNS INT READS SQL DATA"
              + " RETURN (SELECT SUM(v) FROM victim.t)",
          "CREATE PROCEDURE victim.p() UPDATE victim.t SET v = 0");
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
  void nothingChangesOnEitherServer(@TempDir Path tmp) throws Exception {
    List<String> corpus = new ArrayList<>(HOSTILE);
    corpus.addAll(HARMLESS);
    corpus.addAll(UNKNOWN_STATEMENT);
    Path workload = Workloads.write(tmp.resolve("hostile.jsonl"), "shop", 1, corpus);
    Map<String, Object> oldBefore = snapshot(old);
    Map<String, Object> newBefore = snapshot(neu);

    new Replayer(settings(workload, tmp.resolve("run")), m -> {}).run(List.of(old, neu), false);

    assertThat(old.server().isAlive()).as("OLD is up").isTrue();
    assertThat(neu.server().isAlive()).as("NEW is up").isTrue();
    assertThat(snapshot(old)).isEqualTo(oldBefore);
    assertThat(snapshot(neu)).isEqualTo(newBefore);
    assertThat(Path.of(OUTFILE)).doesNotExist();

    List<Execution> executions = new ArrayList<>();
    ExecutionLog.read(tmp.resolve("run"), w -> {}).forEach(executions::add);
    executions.sort(Comparator.comparingLong(Execution::event));
    assertThat(executions).hasSize(corpus.size());
    for (int i = 0; i < HOSTILE.size(); i++) {
      Execution e = executions.get(i);
      assertThat(e.skipped()).as("%s: %s", HOSTILE.get(i), e).isNotNull();
      assertThat(e.differences()).isEmpty();
    }
    // judged by its body now, not by its declaration; the session's refusal is the backstop
    // (theReadOnlySessionRefusesWritesToTables)
    assertThat(executions.get(HOSTILE.indexOf("SELECT victim.liar()")).skipped())
        .isEqualTo(
            "calls stored function victim.liar (declared READS SQL DATA), whose body runs UPDATE");
    assertThat(executions.get(HOSTILE.indexOf("SELECT victim.f()")).skipped())
        .contains("victim.f (declared MODIFIES SQL DATA), whose body runs UPDATE");
    assertThat(
            executions
                .get(HOSTILE.indexOf("/*!110405 SELECT 1, */ DELETE FROM victim.t"))
                .skipped())
        .startsWith("not the same statement on every side: OLD write; NEW would run it");
    for (int i = HOSTILE.size() + HARMLESS.size(); i < corpus.size(); i++) {
      Execution e = executions.get(i);
      assertThat(e.old().errorCode()).as(corpus.get(i)).isEqualTo(1243);
      assertThat(e.differences()).isEmpty();
    }
    for (int i = HOSTILE.size(); i < HOSTILE.size() + HARMLESS.size(); i++) {
      Execution e = executions.get(i);
      assertThat(e.skipped()).as(corpus.get(i)).isNull();
      assertThat(e.old().ok()).as("%s: %s", corpus.get(i), e.old()).isTrue();
      assertThat(e.neu().ok()).as(corpus.get(i)).isTrue();
    }
  }

  /** The analyser's model of executable comments, checked against what each server runs. */
  @Test
  void executableCommentsRunAsTheAnalyserSays() throws SQLException {
    for (EmbeddedTarget t : List.of(old, neu)) {
      ServerDialect dialect = ServerDialect.of(t.info().version());
      for (String marker : List.of("!", "M!")) {
        for (int v :
            new int[] {
              40101, 50699, 50700, 80036, 99999, 100000, 100211, 100212, 110405, 110406, 999999
            }) {
          String comment = "/*" + marker + v;
          boolean runs = "2".equals(query(t, "SELECT 1 " + comment + " +1 */").getFirst());
          StatementKind kind = SqlProfile.of(comment + " SELECT 1, */ SHUTDOWN", dialect).kind();
          assertThat(kind)
              .as("%s on %s", comment, t.info().version())
              .isEqualTo(runs ? StatementKind.READ : StatementKind.ADMIN);
        }
      }
    }
  }

  /** What the server's read-only transaction mode stops by itself (docs/read-only.md). */
  @Test
  void theReadOnlySessionRefusesWritesToTables(@TempDir Path tmp) throws SQLException {
    for (EmbeddedTarget t : List.of(old, neu)) {
      Target readOnly = ReadOnlySessions.of(t);
      Map<String, String> outcome = new LinkedHashMap<>();
      for (String sql :
          List.of(
              "UPDATE victim.t SET v = v",
              "UPDATE victim.t SET v = v + 1 WHERE id = 0",
              "UPDATE victim.t SET v = v + 1",
              "INSERT INTO victim.t VALUES (3, 30)",
              "SELECT victim.liar()",
              "CREATE TABLE victim.t3 (id INT)",
              "DROP TABLE victim.t3",
              "CREATE DATABASE victim2",
              "DROP DATABASE victim2",
              "CREATE USER evil4@localhost",
              "DROP USER evil4@localhost",
              "SET GLOBAL max_connections = 152",
              "SET GLOBAL max_connections = 151",
              "SELECT GET_LOCK('z', 0)",
              "SET @x = 1",
              "SET SESSION TRANSACTION READ WRITE")) {
        try (Connection c = readOnly.connect();
            Statement s = c.createStatement()) {
          s.execute(sql);
          outcome.put(sql, "ran");
        } catch (SQLException e) {
          outcome.put(sql, Integer.toString(e.getErrorCode()));
        }
      }
      System.err.println("[" + t.label() + "] read-only session through Connector/J: " + outcome);
      System.err.println(
          "[" + t.label() + "] read-only session, server alone: " + serverAlone(t, tmp));
      // The server's 1792, or Connector/J's refusal before sending (code 0).
      assertThat(outcome.get("UPDATE victim.t SET v = v + 1")).isIn("1792", "0");
      assertThat(outcome.get("SELECT victim.liar()")).isEqualTo("1792");
      assertThat(query(t, "SELECT SUM(v) FROM victim.t")).containsExactly("30");
    }
  }

  @Test
  void aJdbcAccountThatMayWriteIsWarnedAboutOrRefused(@TempDir Path tmp) throws Exception {
    TestServers.exec(
        old,
        "CREATE USER IF NOT EXISTS ro@'127.0.0.1' IDENTIFIED BY 'ro-pw'",
        "GRANT SELECT ON shop.* TO ro@'127.0.0.1'",
        "CREATE USER IF NOT EXISTS w@'127.0.0.1' IDENTIFIED BY 'w-pw'",
        "GRANT SELECT, INSERT ON shop.* TO w@'127.0.0.1'");
    String url = "jdbc:mysql://127.0.0.1:" + old.server().port() + "/";
    Path workload = Workloads.write(tmp.resolve("w.jsonl"), "shop", 1, List.of("SELECT 1"));
    try (Target ro = jdbc(url, "ro", "ro-pw");
        Target w = jdbc(url, "w", "w-pw")) {
      assertThat(AccountCheck.powers(ro)).isEmpty();
      assertThat(AccountCheck.powers(w)).containsExactly("INSERT ON `shop`.*");
      List<String> said = new ArrayList<>();
      new Replayer(settings(workload, tmp.resolve("warned"), false), said::add)
          .run(List.of(w), false);
      assertThat(said).anyMatch(m -> m.startsWith("warning: ") && m.contains("INSERT ON `shop`.*"));
      assertThat(said).noneMatch(m -> m.contains("w-pw"));
      assertThatThrownBy(
              () ->
                  new Replayer(settings(workload, tmp.resolve("refused"), true), m -> {})
                      .run(List.of(w), false))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("--require-read-only-account");
      new Replayer(settings(workload, tmp.resolve("ro"), true), m -> {}).run(List.of(ro), false);
    }
  }

  private static Target jdbc(String url, String user, String password) {
    return Targets.open(
        new TargetSettings(
            "OLD",
            TargetSpec.parse(url),
            List.of(),
            ConnectionSettings.defaults(user, Secret.of(password))),
        m -> {});
  }

  @Test
  void onlyTheToolGetsInToItsServers() throws Exception {
    for (EmbeddedTarget t : List.of(old, neu)) {
      String url = t.server().jdbcUrl();
      for (String user : List.of("root", "", "anyone")) {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("user", user);
        p.setProperty("sslMode", "DISABLED");
        assertThatThrownBy(() -> java.sql.DriverManager.getConnection(url, p).close())
            .as("%s without a password on %s", user, t.label())
            .isInstanceOf(SQLException.class);
      }
      assertThat(query(t, "SELECT COUNT(*) FROM mysql.user WHERE User = ''")).containsExactly("0");
      String pw = t.server().rootPassword().reveal();
      assertThat(pw).hasSizeGreaterThanOrEqualTo(20);
      assertThat(ProcessHandle.of(t.server().pid()).orElseThrow().info().commandLine().orElse(""))
          .contains("--init-file=")
          .doesNotContain(pw);
    }
  }

  /** The same statements through the mariadb client, which refuses nothing itself. */
  private static String serverAlone(EmbeddedTarget t, Path dir) {
    StringBuilder out = new StringBuilder();
    for (String sql :
        List.of(
            "UPDATE victim.t SET v = v + 1",
            "CREATE TABLE victim.t3 (id INT)",
            "CREATE DATABASE victim2",
            "CREATE USER evil4@localhost",
            "SET GLOBAL max_connections = 151")) {
      try {
        Process p =
            neu.server()
                .client(
                    List.of(
                        "--defaults-file=" + TestServers.clientOptions(dir, t),
                        "--skip-ssl",
                        "-h127.0.0.1",
                        "-P" + t.server().port(),
                        "-e",
                        "SET SESSION TRANSACTION READ ONLY; " + sql),
                    "mariadb",
                    "mysql")
                .redirectErrorStream(true)
                .start();
        String text =
            new String(p.getInputStream().readAllBytes())
                .lines()
                .filter(l -> l.startsWith("ERROR"))
                .findFirst()
                .orElse("");
        p.waitFor();
        out.append(sql).append(" -> ").append(text.isEmpty() ? "ran" : text).append("; ");
      } catch (IOException e) {
        out.append(sql).append(" -> ").append(e.getMessage()).append("; ");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return out.toString();
  }

  private static ReplaySettings settings(Path workload, Path run) {
    return settings(workload, run, false);
  }

  private static ReplaySettings settings(Path workload, Path run, boolean strictAccount) {
    ReplaySettings d = ReplaySettings.defaults(workload, run);
    return d.withPace(d.pace().withConcurrency(1).withSeed(3))
        .withStatements(new ReplaySettings.Statements(Duration.ofSeconds(5), 5_000_000))
        .withSafety(new ReplaySettings.Safety(false, false, strictAccount));
  }

  /** What a read-only replay must leave as it was: shared with {@link HostileSessionsIT}. */
  static Map<String, Object> snapshot(EmbeddedTarget t) throws SQLException, IOException {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("databases", query(t, "SHOW DATABASES"));
    List<String> tables =
        query(
            t,
            "SELECT CONCAT('`', TABLE_SCHEMA, '`.`', TABLE_NAME, '`') FROM information_schema.TABLES"
                + " WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA NOT IN"
                + " ('mysql', 'information_schema', 'performance_schema', 'sys')"
                + " ORDER BY 1");
    Map<String, String> checksums = new TreeMap<>();
    for (String table : tables) {
      checksums.put(table, query(t, "CHECKSUM TABLE " + table).getFirst());
    }
    s.put("checksums", checksums);
    s.put("globals", query(t, "SHOW GLOBAL VARIABLES"));
    List<String> grants = new ArrayList<>();
    for (String account :
        query(t, "SELECT CONCAT(QUOTE(User), '@', QUOTE(Host)) FROM mysql.user ORDER BY 1")) {
      try {
        grants.add(account + " " + query(t, "SHOW GRANTS FOR " + account));
      } catch (SQLException e) {
        grants.add(account + " " + e.getMessage()); // ''@'host' under skip-name-resolve
      }
    }
    s.put("accounts", grants);
    s.put(
        "routines",
        query(
            t,
            "SELECT CONCAT(ROUTINE_SCHEMA, '.', ROUTINE_NAME, ' ', ROUTINE_DEFINITION)"
                + " FROM information_schema.ROUTINES ORDER BY 1"));
    s.put("plugins", query(t, "SELECT PLUGIN_NAME FROM information_schema.PLUGINS ORDER BY 1"));
    try (Stream<Path> files = Files.walk(t.server().dataDir())) {
      s.put(
          "files", files.map(p -> t.server().dataDir().relativize(p).toString()).sorted().toList());
    }
    return s;
  }

  /** Every row as "col1 | col2 ...". */
  static List<String> query(Target t, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i == 1 ? "" : " | ").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }
}
