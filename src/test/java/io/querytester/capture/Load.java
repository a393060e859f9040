package io.querytester.capture;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A concurrent load for capture tests: a few threads, each on its own connection (not marked as
 * querytester, so capture must not skip it), running known statements with unique texts.
 */
final class Load implements AutoCloseable {
  /** One statement a load thread ran, and the session it ran on. */
  record Ran(long session, String sql) {}

  private final List<Thread> threads = new ArrayList<>();
  private final List<Ran> ran = Collections.synchronizedList(new ArrayList<>());

  /** Each thread's question for its session id: a poll can catch it too. */
  private final List<Ran> setup = Collections.synchronizedList(new ArrayList<>());

  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());

  /**
   * Starts {@code threads} threads; each runs {@code perThread} rounds of: a slow SELECT (seen by
   * every processlist poll), a fast SELECT and an INSERT, all with unique texts.
   */
  static Load start(
      EmbeddedTarget target, String schema, int threads, int perThread, Duration slow) {
    Load load = new Load();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      load.threads.add(
          Thread.ofPlatform()
              .name("load-" + t)
              .start(() -> load.run(target, schema, thread, perThread, slow)));
    }
    return load;
  }

  static Connection connect(EmbeddedTarget target, String schema) throws SQLException {
    return connect(target, schema, new Properties());
  }

  private static Connection connect(EmbeddedTarget target, String schema, Properties extra)
      throws SQLException {
    Properties p = TestServers.root(target);
    p.setProperty("connectionAttributes", "program_name:capture-test-load");
    p.putAll(extra);
    return DriverManager.getConnection(
        "jdbc:mysql://127.0.0.1:" + target.server().port() + "/" + schema, p);
  }

  private void run(EmbeddedTarget target, String schema, int thread, int rounds, Duration slow) {
    // The load's own sessions keep their state locally: otherwise the driver asks SELECT
    // @@session.transaction_read_only before every INSERT, and a poll that catches that query
    // records a statement the load never ran. (Not for connect(): its callers switch schemas.)
    Properties local = new Properties();
    local.setProperty("useLocalSessionState", "true");
    try (Connection c = connect(target, schema, local);
        Statement s = c.createStatement()) {
      long session;
      String id = "SELECT CONNECTION_ID(), 'load " + thread + " session'";
      try (var rs = s.executeQuery(id)) {
        rs.next();
        session = rs.getLong(1);
      }
      setup.add(new Ran(session, id));
      double secs = slow.toMillis() / 1000.0;
      for (int i = 0; i < rounds && !stop.get(); i++) {
        exec(s, session, "SELECT SLEEP(" + secs + "), 'load " + thread + " slow " + i + "'");
        exec(
            s,
            session,
            "SELECT COUNT(*) FROM load_t WHERE v = 'load " + thread + " fast " + i + "'");
        exec(s, session, "INSERT INTO load_t (v) VALUES ('load " + thread + " insert " + i + "')");
      }
    } catch (Throwable e) {
      failures.add(e);
    }
  }

  private void exec(Statement s, long session, String sql) throws SQLException {
    s.execute(sql);
    ran.add(new Ran(session, sql));
  }

  /** Waits for every thread to finish its rounds. */
  List<Ran> join() throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw new AssertionError("the load failed", failures.get(0));
    }
    return List.copyOf(ran);
  }

  /** What each thread asked before its rounds (its session id), once {@link #join} returned. */
  List<Ran> setup() {
    return List.copyOf(setup);
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
  }

  static final String SCHEMA_SQL =
      "CREATE TABLE load_t (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(100), KEY (v))";
}
