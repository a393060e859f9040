package io.querytester.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reference that {@code querytester replay} is measured against: the least any replay that runs
 * each statement on two servers must do. A shared queue of the statements, N workers, each with one
 * connection per side; a worker runs its statement on both servers at once and reads every row with
 * getString (a write's statement returns none); nothing is compared or recorded. Runs as its own
 * process so that its CPU seconds are measured the same way as the tool's.
 *
 * <p>Usage: {@code BareLoop OPTION_FILE OLD_PORT NEW_PORT CONCURRENCY STATEMENTS_FILE
 * [PROPERTY=VALUE...]} (Connector/J properties, to measure what one costs), the option file holding
 * {@code [client_old]} and {@code [client_new]} passwords (never the command line). Prints one
 * line: {@code statements seconds} of the loop itself (connections opened before).
 */
public final class BareLoop {
  private BareLoop() {}

  public static void main(String[] args) throws Exception {
    List<String> cnf = Files.readAllLines(Path.of(args[0]));
    String[] ports = {args[1], args[2]};
    int concurrency = Integer.parseInt(args[3]);
    List<String> statements = Files.readAllLines(Path.of(args[4]));
    Connection[][] pairs = new Connection[concurrency][2];
    for (int w = 0; w < concurrency; w++) {
      for (int side = 0; side < 2; side++) {
        pairs[w][side] =
            connect(
                ports[side],
                password(cnf, side == 0 ? "_old" : "_new"),
                java.util.Arrays.copyOfRange(args, 5, args.length));
      }
    }
    AtomicInteger next = new AtomicInteger();
    long start = System.nanoTime();
    List<Thread> workers = new ArrayList<>();
    for (Connection[] pair : pairs) {
      workers.add(Thread.ofVirtual().start(() -> work(pair, statements, next)));
    }
    for (Thread t : workers) {
      t.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(Locale.ROOT, "%d %.3f%n", statements.size(), seconds);
    for (Connection[] pair : pairs) {
      pair[0].close();
      pair[1].close();
    }
  }

  private static void work(Connection[] pair, List<String> statements, AtomicInteger next) {
    try {
      for (int i = next.getAndIncrement(); i < statements.size(); i = next.getAndIncrement()) {
        String sql = statements.get(i);
        Thread other = Thread.ofVirtual().start(() -> readAll(pair[1], sql));
        readAll(pair[0], sql);
        other.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs a statement and reads every row it returns (a write returns none). */
  private static void readAll(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      if (!s.execute(sql)) {
        return;
      }
      try (ResultSet rs = s.getResultSet()) {
        int cols = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          for (int i = 1; i <= cols; i++) {
            rs.getString(i);
          }
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Connection connect(String port, String password, String[] extra) throws Exception {
    Properties p = new Properties();
    p.setProperty("user", "root");
    p.setProperty("password", password);
    p.setProperty("sslMode", "DISABLED");
    p.setProperty("connectionCollation", "utf8mb4_general_ci");
    for (String kv : extra) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/sbtest", p);
  }

  /** The password line of group [client SUFFIX] in a MySQL option file. */
  private static String password(List<String> cnf, String suffix) {
    boolean in = false;
    for (String line : cnf) {
      if (line.startsWith("[")) {
        in = line.equals("[client" + suffix + "]");
      } else if (in && line.startsWith("password=")) {
        return line.substring("password=".length());
      }
    }
    throw new IllegalArgumentException("no password for [client" + suffix + "]");
  }
}
