package io.querytester.capture;

import io.querytester.server.EmbeddedTarget;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A real client's load in sysbench's read-only shapes on table sbtest1, through Connector/J: with
 * server-side prepared statements ({@code useServerPrepStmts=true}, as sysbench and most drivers in
 * production run) or through the text protocol with the values in the text.
 */
final class ClientLoad implements AutoCloseable {
  /** sysbench oltp_read_only's statements, plus one slow enough for every processlist poll. */
  static final List<String> SHAPES =
      List.of(
          "SELECT c FROM sbtest1 WHERE id = ?",
          "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
          "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
          "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
          "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
          "SELECT SLEEP(0.05) + k FROM sbtest1 WHERE id = ?");

  static final int ROWS = 1000;

  private final List<Thread> threads = new ArrayList<>();
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicLong executions = new AtomicLong();
  // Per client: a wait on the total could be met by one client's fast statements while the other
  // is still in the slow one it started before.
  private AtomicLongArray perClient = new AtomicLongArray(0);
  private final List<Throwable> failures = new ArrayList<>();

  /** Creates sbtest.sbtest1 with {@value #ROWS} rows. */
  static void createSchema(EmbeddedTarget target) throws SQLException {
    io.querytester.testing.TestServers.exec(
        target,
        "CREATE DATABASE sbtest",
        "CREATE TABLE sbtest.sbtest1 (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL,"
            + " KEY (k))",
        "INSERT INTO sbtest.sbtest1 SELECT seq, seq % 97, CONCAT('c-', seq % 50) FROM sbtest.seq_1_to_"
            + ROWS);
  }

  /**
   * Starts {@code threads} clients that run the shapes until {@link #close()} or {@code rounds}.
   */
  static ClientLoad start(EmbeddedTarget target, int threads, boolean prepared, int rounds) {
    ClientLoad load = new ClientLoad();
    load.perClient = new AtomicLongArray(threads);
    for (int t = 0; t < threads; t++) {
      int client = t;
      load.threads.add(
          Thread.ofPlatform()
              .name("client-" + t)
              .start(() -> load.run(target, prepared, rounds, client)));
    }
    return load;
  }

  private void run(EmbeddedTarget target, boolean prepared, int rounds, int client) {
    Properties p = TestServers.root(target);
    p.setProperty("useServerPrepStmts", String.valueOf(prepared));
    p.setProperty("cachePrepStmts", "true");
    p.setProperty("connectionAttributes", "program_name:capture-test-client");
    try (Connection c =
        DriverManager.getConnection(
            "jdbc:mysql://127.0.0.1:" + target.server().port() + "/sbtest", p)) {
      List<PreparedStatement> statements = new ArrayList<>();
      for (String shape : SHAPES) {
        statements.add(c.prepareStatement(shape));
      }
      Statement text = c.createStatement();
      ThreadLocalRandom random = ThreadLocalRandom.current();
      for (int i = 0; (rounds == 0 || i < rounds) && !stop.get(); i++) {
        for (int s = 0; s < SHAPES.size(); s++) {
          int id = 1 + random.nextInt(ROWS - 100);
          int to = id + random.nextInt(100);
          if (prepared) {
            PreparedStatement ps = statements.get(s);
            ps.setInt(1, id);
            if (SHAPES.get(s).contains("BETWEEN")) {
              ps.setInt(2, to);
            }
            drain(ps.executeQuery());
          } else {
            drain(text.executeQuery(withValues(SHAPES.get(s), id, to)));
          }
          executions.incrementAndGet();
          perClient.incrementAndGet(client);
        }
      }
    } catch (Throwable e) {
      synchronized (failures) {
        failures.add(e);
      }
    }
  }

  /** The shape with its placeholders filled: what a text-protocol client sends. */
  static String withValues(String shape, int id, int to) {
    return shape.replaceFirst("\\?", String.valueOf(id)).replaceFirst("\\?", String.valueOf(to));
  }

  private static void drain(ResultSet rs) throws SQLException {
    try (rs) {
      while (rs.next()) {
        rs.getString(1);
      }
    }
  }

  /** Statements the clients ran so far. */
  long executions() {
    return executions.get();
  }

  /**
   * Waits until every client has finished two more statements, so that none still runs one it
   * started before this call: the first may have been in flight, the second started after it. Fails
   * after 10 s.
   */
  void awaitEachStartedAnew() throws InterruptedException {
    long[] target = new long[perClient.length()];
    for (int c = 0; c < target.length; c++) {
      target[c] = perClient.get(c) + 2;
    }
    for (int i = 0; i < 1000 && !reached(target); i++) {
      Thread.sleep(10);
    }
    if (!reached(target)) {
      throw new AssertionError("a client of the load ran fewer than 2 statements in 10 s");
    }
  }

  private boolean reached(long[] target) {
    for (int c = 0; c < target.length; c++) {
      if (perClient.get(c) < target[c]) {
        return false;
      }
    }
    return true;
  }

  /** Waits until every client has run its rounds; throws what a client failed with. */
  long join() throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
    synchronized (failures) {
      if (!failures.isEmpty()) {
        throw new AssertionError("the client load failed", failures.get(0));
      }
    }
    return executions.get();
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    join();
  }
}
