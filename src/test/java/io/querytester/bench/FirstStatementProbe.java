package io.querytester.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP forwarder in front of a server that notes when a client first and last sends a packet
 * holding a marker (a workload statement's text): with the time a command was started, that is its
 * time to the first statement sent, whatever it did before (JVM start, connecting, checks); with
 * the time it ended, its time after the last statement (results, analysis, reports, exit).
 */
final class FirstStatementProbe implements AutoCloseable {
  private final ServerSocket server;
  private final int target;
  private final byte[] marker;
  private final AtomicLong first = new AtomicLong();
  private final AtomicLong last = new AtomicLong();

  /**
   * The plan step's EXPLAIN (or MariaDB's ANALYZE FORMAT=JSON) of a workload statement holds the
   * marker too, after the last statement: not counted as one.
   */
  private static final List<byte[]> PLANS =
      List.of(
          "EXPLAIN".getBytes(StandardCharsets.UTF_8),
          "ANALYZE FORMAT".getBytes(StandardCharsets.UTF_8));

  private FirstStatementProbe(ServerSocket server, int target, String marker) {
    this.server = server;
    this.target = target;
    this.marker = marker.getBytes(StandardCharsets.UTF_8);
  }

  static FirstStatementProbe start(int targetPort, String marker) throws IOException {
    FirstStatementProbe p =
        new FirstStatementProbe(
            new ServerSocket(0, 200, InetAddress.getLoopbackAddress()), targetPort, marker);
    Thread.ofVirtual().start(p::accept);
    return p;
  }

  int port() {
    return server.getLocalPort();
  }

  /** System.nanoTime() when the marker was first sent; 0 before. */
  long firstNanos() {
    return first.get();
  }

  void reset() {
    first.set(0);
    last.set(0);
  }

  /** A command run through the probe; {@code attempt} counts from 1. */
  @FunctionalInterface
  interface Attempt {
    void run(int attempt) throws Exception;
  }

  /**
   * Best and worst seconds from starting each of {@code tries} attempts to its marker reaching the
   * server.
   */
  double[] bestAndWorst(int tries, Attempt attempt) throws Exception {
    return timings(tries, attempt, true);
  }

  /**
   * Best and worst seconds from the marker last reaching the server to the end of each of {@code
   * tries} attempts.
   */
  double[] afterLastBestAndWorst(int tries, Attempt attempt) throws Exception {
    return timings(tries, attempt, false);
  }

  private double[] timings(int tries, Attempt attempt, boolean toFirst) throws Exception {
    double best = Double.MAX_VALUE;
    double worst = 0;
    for (int i = 1; i <= tries; i++) {
      reset();
      long start = System.nanoTime();
      attempt.run(i);
      long end = System.nanoTime();
      if (firstNanos() == 0) {
        throw new IllegalStateException("attempt " + i + " sent no statement through the probe");
      }
      double s = (toFirst ? firstNanos() - start : end - last.get()) / 1e9;
      best = Math.min(best, s);
      worst = Math.max(worst, s);
    }
    return new double[] {best, worst};
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        Thread.ofVirtual().start(() -> pump(client, upstream, true));
        Thread.ofVirtual().start(() -> pump(upstream, client, false));
      } catch (IOException e) {
        // closed
      }
    }
  }

  private void pump(Socket from, Socket to, boolean watch) {
    byte[] buf = new byte[65536];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int n; (n = in.read(buf)) > 0; ) {
        if (watch && contains(buf, n, marker) && !plan(buf, n)) {
          long now = System.nanoTime();
          first.compareAndSet(0, now);
          last.accumulateAndGet(now, Math::max); // connections race: the latest wins
        }
        out.write(buf, 0, n);
      }
    } catch (IOException e) {
      // one side went away
    } finally {
      try {
        from.close();
        to.close();
      } catch (IOException ignored) {
        // closing
      }
    }
  }

  private static boolean plan(byte[] buf, int n) {
    for (byte[] p : PLANS) {
      if (contains(buf, n, p)) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(byte[] buf, int n, byte[] marker) {
    outer:
    for (int i = 0; i + marker.length <= n; i++) {
      for (int j = 0; j < marker.length; j++) {
        if (buf[i + j] != marker[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
