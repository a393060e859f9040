package io.querytester.replay;

import io.querytester.run.Outcome;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs one statement of a session on every side at the same moment, telling the watch what each
 * side holds in flight. Which side starts first is random, so neither is always second.
 */
final class SideRunner {
  private final List<Target> targets;
  private final StatementRunner runner;
  private final ReplayWatch watch;
  private final int lane;
  private final SplittableRandom random;

  /**
   * Runs the other side's statement: one thread per lane for the whole replay, of the lane's own
   * kind ({@link LaneThreads}). A new virtual thread per statement (as once) parked and resumed on
   * every socket read, through the JDK's poller and, with Connector/J's socket timeout, its timer
   * thread: at one connection per side the whole command took 15.6-16.4 s of CPU against 13.3 s on
   * a platform thread (bench/replay, 20,000 statements). None with one side.
   */
  private final PartnerThread partner;

  SideRunner(
      List<Target> targets,
      StatementRunner runner,
      ReplayWatch watch,
      int lane,
      long seed,
      LaneThreads threads) {
    this.targets = targets;
    this.runner = runner;
    this.watch = watch;
    this.lane = lane;
    this.random = new SplittableRandom(seed);
    this.partner = targets.size() > 1 ? new PartnerThread("lane-" + lane + "-side", threads) : null;
  }

  /** At the lane's end: the other side's thread goes. */
  void close() {
    if (partner != null) {
      partner.close();
    }
  }

  int sides() {
    return targets.size();
  }

  /**
   * Opens the session's connections that are not open yet, every side at once (the other side's on
   * the partner thread): a new session had waited for one side's connect and then the other's,
   * before its first statement.
   *
   * @return each side's failure to connect, null where its connection is open
   */
  SQLException[] connectAll(SessionConnections s) {
    SQLException[] failed = new SQLException[targets.size()];
    if (targets.size() == 1 || s.isOpen(0) || s.isOpen(1)) {
      for (int i = 0; i < failed.length; i++) {
        failed[i] = s.tryConnection(i);
      }
      return failed;
    }
    partner.start(() -> failed[1] = s.tryConnection(1));
    failed[0] = s.tryConnection(0);
    // through an interrupt: a connect left running would set the session's connection after the
    // lane closed its sessions, and nothing would close that one
    Throwable other = partner.awaitUninterruptibly();
    if (Thread.currentThread().isInterrupted()) {
      throw new IllegalStateException("interrupted while connecting to " + targets.get(1).label());
    }
    if (other instanceof Error e) {
      throw e;
    }
    if (other != null) {
      throw (RuntimeException) other; // a Runnable throws nothing checked
    }
    return failed;
  }

  String label(int side) {
    return targets.get(side).label();
  }

  StatementRunner.Result[] runAll(
      SessionConnections s, Job job, long start, StatementRunner.SampleRequest sample) {
    StatementRunner.Result[] results = new StatementRunner.Result[targets.size()];
    if (targets.size() == 1) {
      results[0] = runOn(s, 0, job, start, sample);
      return results;
    }
    int forked = random.nextBoolean() ? 0 : 1;
    int here = 1 - forked;
    partner.start(() -> results[forked] = runOn(s, forked, job, start, sample));
    // Unless the lane is interrupted, both sides have ended before this returns or throws:
    // nothing writes results[] afterwards, and the next statement finds the partner free.
    Throwable own = null;
    try {
      results[here] = runOn(s, here, job, start, sample);
    } catch (RuntimeException | Error e) {
      own = e;
    }
    Throwable other;
    try {
      other = partner.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      IllegalStateException stop =
          new IllegalStateException(
              "interrupted while waiting for " + targets.get(forked).label(), e);
      if (own != null) {
        stop.addSuppressed(own);
      }
      throw stop;
    }
    if (own != null) {
      if (other != null) {
        own.addSuppressed(other);
      }
      if (own instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) own; // runOn throws nothing checked
    }
    if (other != null) {
      throw new IllegalStateException(
          "statement on " + targets.get(forked).label() + " failed: " + other, other);
    }
    return results;
  }

  private StatementRunner.Result runOn(
      SessionConnections s, int side, Job job, long start, StatementRunner.SampleRequest sample) {
    Connection c;
    Statement st;
    try {
      c = s.connection(side);
      st = s.statement(side);
    } catch (SQLException e) {
      s.lost(side); // a connection that cannot even make a statement is opened anew next time
      return StatementRunner.Result.only(
          new Outcome.Lost(
              "cannot connect to " + targets.get(side).label() + ": " + e.getMessage()),
          start);
    }
    String sql = job.event().sql();
    watch.started(side, lane, job.id(), job.profile().classId(), sql);
    StatementRunner.Result r = runner.run(c, st, side, sql, start, sample);
    boolean lost = r.observation().outcome() instanceof Outcome.Lost;
    watch.ended(side, lane, lost);
    if (lost) {
      s.lost(side);
    }
    return r;
  }
}
