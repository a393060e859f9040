package io.querytester.health;

import io.querytester.OwnerOnly;
import io.querytester.run.CrashEvent;
import io.querytester.run.HealthLog;
import io.querytester.run.HealthSegment;
import io.querytester.run.LogClass;
import io.querytester.run.LogSighting;
import io.querytester.run.RestartEvent;
import io.querytester.run.StallEvent;
import io.querytester.run.StatementRef;
import io.querytester.run.StatusSnapshot;
import io.querytester.target.Target;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Watches one target from its own connection and thread: asks for {@code Uptime} every interval,
 * and at once when a lane lost a connection or could not open one. A lost connection with a refused
 * reconnect, or an uptime that went back, is a crash: it is written down with the statements in
 * flight, then the server is restarted (when allowed and possible) or its side is stopped.
 *
 * <p>It also reads the new error-log lines into classes and keeps the trouble counters, across
 * restarts.
 */
final class HealthMonitor implements Runnable {
  /** How long a crash is left to settle before its statements are taken: lanes are reporting. */
  static final Duration SETTLE = Duration.ofMillis(200);

  /** Counters are read this often, so a crash loses at most this much of their rise. */
  static final Duration SNAPSHOT_EVERY = Duration.ofSeconds(5);

  static final Duration NETWORK_TIMEOUT = Duration.ofSeconds(10);

  /** Bytes of a started server's error log kept in the run folder. */
  static final long KEEP_LOG = 16 << 20;

  /** Restarts a crashed server this tool started. */
  interface Restarter {
    /** Restarts it and says where it runs now, for the report ("on port 40123"). */
    String restart();
  }

  private final Target target;
  private final InFlight inFlight;
  private final SideGuard guard;
  private final HealthSettings settings;
  private final HealthLog log;
  private final Crashers crashers;
  private final ErrorLogSource errorLog;
  private final Restarter restarter;
  private final String cannotRestart;
  private final Path keepLogAs;
  private final Clock clock;
  private final Consumer<String> progress;
  private final ErrorLogClasses classes = new ErrorLogClasses();
  private final LogLineClassifier classifier;
  private final List<String> notes = new CopyOnWriteArrayList<>();

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition wake = lock.newCondition();
  private final Condition served = lock.newCondition();
  private long requested;
  private long completed;
  private volatile boolean closed;
  private Thread thread;

  // Touched by the monitor thread only (and by begin/finish, before and after it runs).
  private Connection conn;
  private Long uptime;
  private Long uptimeStart;
  private Instant lastUp;
  private Instant started;
  private int crashes;
  private int restarts;
  private int stalls;
  private StatusSnapshot before;
  private StatusSnapshot base;
  private StatusSnapshot lastGood;
  private long lastSnapshotNanos;
  private final Map<String, Long> risen = new TreeMap<>();
  private final boolean mysql8;

  HealthMonitor(
      Target target,
      InFlight inFlight,
      SideGuard guard,
      HealthSettings settings,
      HealthLog log,
      Crashers crashers,
      ErrorLogSource errorLog,
      Restarter restarter,
      String cannotRestart,
      Path keepLogAs,
      Clock clock,
      Consumer<String> progress) {
    this.target = target;
    this.inFlight = inFlight;
    this.guard = guard;
    this.settings = settings;
    this.log = log;
    this.crashers = crashers;
    this.errorLog = errorLog;
    this.restarter = restarter;
    this.cannotRestart = cannotRestart;
    this.keepLogAs = keepLogAs;
    // Reports show milliseconds; nanoseconds of a wall clock only look precise.
    this.clock = Clock.tick(clock, Duration.ofMillis(1));
    this.progress = progress;
    this.classifier = new LogLineClassifier(java.time.ZoneId.systemDefault());
    this.mysql8 =
        target.info().flavour() == io.querytester.target.Flavour.MYSQL
            && target.info().atLeast(8, 0);
  }

  String label() {
    return target.label();
  }

  /** Connects, takes the first readings and starts watching; the replay starts after this. */
  void begin() throws SQLException {
    started = clock.instant();
    conn = connect();
    uptime = poll();
    uptimeStart = uptime;
    lastUp = clock.instant();
    before = snapshot();
    base = before;
    lastGood = before;
    if (errorLog == null) {
      notes.add(
          "error log not read: give --"
              + target.label().toLowerCase(java.util.Locale.ROOT)
              + "-error-log FILE for a server this tool did not start");
    }
    readLog(LogClass.Phase.STARTUP);
    thread = Thread.ofPlatform().daemon().name("querytester-health-" + target.label()).start(this);
  }

  @Override
  public void run() {
    while (!closed) {
      long ticket = awaitWork();
      if (closed) {
        break;
      }
      try {
        check();
        if (guard.state() == SideGuard.State.UP
            && System.nanoTime() - lastSnapshotNanos > SNAPSHOT_EVERY.toNanos()) {
          lastGood = snapshot();
        }
      } catch (SQLException e) {
        // The next check sees it; a snapshot is not worth a crash report of its own.
      } catch (RuntimeException e) {
        notes.add("health check failed: " + e);
      }
      readLog(LogClass.Phase.RUN);
      markServed(ticket);
    }
    markServed(Long.MAX_VALUE);
  }

  /** A lane could not connect: check now and wait for the verdict (and any restart). */
  void checkAndWait() {
    if (thread == null || closed) {
      return;
    }
    long deadline = System.nanoTime() + NETWORK_TIMEOUT.toNanos() * 3;
    lock.lock();
    try {
      long ticket = ++requested;
      wake.signal();
      while (completed < ticket && !closed) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        served.awaitNanos(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
  }

  private long awaitWork() {
    lock.lock();
    try {
      long left = settings.interval().toNanos();
      while (requested == completed && left > 0 && !closed) {
        left = wake.awaitNanos(left);
      }
      return requested;
    } catch (InterruptedException e) {
      closed = true;
      return requested;
    } finally {
      lock.unlock();
    }
  }

  private void markServed(long ticket) {
    lock.lock();
    try {
      completed = Math.max(completed, Math.min(ticket, requested));
      if (ticket == Long.MAX_VALUE) {
        completed = requested;
      }
      served.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void check() throws SQLException {
    if (guard.state() == SideGuard.State.DOWN) {
      return;
    }
    long pollStart = System.nanoTime();
    Long now = null;
    boolean unanswered = false; // the connection holds, but nothing comes back on it
    if (conn != null) {
      try {
        now = poll();
      } catch (SQLException e) {
        unanswered = noAnswer(e);
      }
    }
    if (now != null) {
      answered(now, pollStart);
      return;
    }
    close(conn);
    try {
      conn = connect();
      now = poll();
    } catch (SQLException e) {
      // A broken connection and a new one not answered is a host gone silent (a crash); a
      // connection that held but went unanswered, and a new one taken but not answered, is a
      // process that is alive but stopped.
      if (unanswered && noAnswer(e)) {
        stalled(e);
      } else {
        crash("the connection was lost and a new one was refused: " + firstLine(e), null);
      }
      return;
    }
    answered(now, pollStart);
  }

  /**
   * A server that takes connections but sends nothing back is alive (a refused connection is what a
   * dead one gives): a SIGSTOP, a frozen disk, swapping. It is waited for within {@code
   * --stall-timeout} while the lanes hold their statements back. If it answers with its uptime
   * intact, the stall and the statements it held up are written down and the replay goes on; an
   * uptime that went back, a refused connection or no answer within the bound is a crash.
   */
  private void stalled(SQLException first) throws SQLException {
    if (closed || ShutdownCheck.inProgress()) {
      return;
    }
    guard.stalled();
    stalls++;
    Instant detected = clock.instant();
    Map<InFlight.Run, Boolean> heldUp = new java.util.IdentityHashMap<>();
    inFlight.running().forEach(r -> heldUp.put(r, true));
    progress.accept(
        target.label()
            + " does not answer ("
            + firstLine(first)
            + ") but takes connections: stalled, not crashed; waiting up to "
            + settings.stallTimeout().toSeconds()
            + " s for it");
    long deadline = System.nanoTime() + settings.stallTimeout().toNanos();
    while (!closed) {
      try {
        close(conn); // the last try's, which got no answer
        conn = connect();
        long now = poll();
        inFlight.running().forEach(r -> heldUp.put(r, true));
        if (uptime != null && now < uptime) {
          writeStall(detected, null, now, heldUp, "it restarted during the stall: a crash");
          crash(
              "uptime went back from " + uptime + " s to " + now + " s: the server restarted", now);
          return;
        }
        writeStall(detected, clock.instant(), now, heldUp, "it answered again, the replay went on");
        uptime = now;
        lastUp = clock.instant();
        inFlight.clearLost(System.nanoTime());
        guard.resumed();
        return;
      } catch (SQLException e) {
        if (!noAnswer(e)) {
          writeStall(detected, null, null, heldUp, "then it refused connections: a crash");
          crash("it stalled, then refused connections: " + firstLine(e), null);
          return;
        }
        if (System.nanoTime() - deadline > 0) {
          String why =
              "no answer within --stall-timeout " + settings.stallTimeout().toSeconds() + " s";
          writeStall(detected, null, null, heldUp, why + ": counted as a crash");
          crash(why, null);
          return;
        }
      }
    }
  }

  private void writeStall(
      Instant detected,
      Instant answered,
      Long uptimeAfter,
      Map<InFlight.Run, Boolean> heldUp,
      String outcome) {
    long nowNanos = System.nanoTime();
    List<StatementRef> refs =
        heldUp.keySet().stream()
            .sorted(java.util.Comparator.comparingLong(r -> r.start))
            .map(r -> InFlight.ref(r, clock, nowNanos))
            .toList();
    StallEvent event =
        new StallEvent(
            target.label(), stalls, lastUp, detected, answered, uptime, uptimeAfter, refs, outcome);
    log.write(event, notes::add);
    progress.accept(event.describe());
  }

  /** No answer in time, as opposed to a refused or reset connection (a dead server). */
  static boolean noAnswer(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.util.concurrent.TimeoutException
          || t instanceof java.net.SocketTimeoutException) {
        return true;
      }
      if (t instanceof java.net.ConnectException) {
        return false;
      }
    }
    return false;
  }

  private void answered(long now, long pollStart) throws SQLException {
    if (uptime != null && now < uptime) {
      crash("uptime went back from " + uptime + " s to " + now + " s: the server restarted", now);
      return;
    }
    uptime = now;
    lastUp = clock.instant();
    inFlight.clearLost(pollStart);
  }

  private void crash(String cause, Long uptimeAfter) throws SQLException {
    if (closed || ShutdownCheck.inProgress()) {
      return; // our own shutdown stops the servers: not a crash
    }
    sleep(SETTLE);
    long nowNanos = System.nanoTime();
    InFlight.Crash c = inFlight.crash(nowNanos);
    readLog(LogClass.Phase.RUN); // the crash's own lines, before a restart adds more
    crashes++;
    java.util.Set<String> classes = new java.util.TreeSet<>();
    c.suspects().stream()
        .map(r -> r.classId)
        .filter(java.util.Objects::nonNull)
        .forEach(classes::add);
    List<String> newCrashers = crashers.count(target.label(), classes, inFlight.takeCompleted());
    inFlight.watch(crashers.counted(target.label()));
    boolean selfRestarted = uptimeAfter != null;
    boolean restart = !selfRestarted && settings.restartOnCrash() && restarter != null;
    String action =
        selfRestarted
            ? "none: the server came back by itself (restarted by its supervisor)"
            : restart ? "restarting it (--restart-on-crash)" : stopReason();
    CrashEvent event =
        new CrashEvent(
            target.label(),
            crashes,
            cause,
            lastUp,
            clock.instant(),
            c.firstLost() == 0
                ? null
                : clock
                    .instant()
                    .minusNanos(nowNanos - c.firstLost())
                    .truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
            uptime,
            c.suspects().stream().map(r -> InFlight.ref(r, clock, nowNanos)).toList(),
            c.lostAfter(),
            recent(c, nowNanos),
            action,
            newCrashers);
    log.write(event, notes::add);
    progress.accept(describe(event));
    risen(lastGood.since(base));
    if (selfRestarted) {
      uptime = uptimeAfter;
      lastUp = clock.instant();
      base = snapshot();
      lastGood = base;
      guard.restarted();
    } else if (restart) {
      restart();
    } else {
      guard.down(
          target.label() + " is down: it crashed at " + event.at() + " and was not restarted");
      log.write(
          new RestartEvent(target.label(), crashes, clock.instant(), false, 0, action), notes::add);
      close(conn);
      conn = null;
    }
  }

  private List<StatementRef> recent(InFlight.Crash c, long nowNanos) {
    List<InFlight.Run> runs = c.recent();
    int from = Math.max(0, runs.size() - settings.recent());
    List<StatementRef> out = new ArrayList<>();
    for (InFlight.Run r : runs.subList(from, runs.size())) {
      out.add(InFlight.ref(r, clock, nowNanos));
    }
    return out;
  }

  private String stopReason() {
    String other = "; its side stops, the other side finishes the replay";
    if (restarter == null) {
      return "not restarted: " + cannotRestart + other;
    }
    return "not restarted: --restart-on-crash was not given" + other;
  }

  private void restart() {
    guard.restarting();
    long t0 = System.nanoTime();
    close(conn);
    conn = null;
    try {
      String where = restarter.restart();
      conn = connect();
      uptime = poll();
      lastUp = clock.instant();
      base = snapshot();
      lastGood = base;
      restarts++;
      readLog(LogClass.Phase.RESTART);
      double seconds = (System.nanoTime() - t0) / 1e9;
      String message =
          String.format(java.util.Locale.ROOT, "restarted %s in %.1f s", where, seconds);
      log.write(
          new RestartEvent(target.label(), crashes, clock.instant(), true, seconds, message),
          notes::add);
      progress.accept(target.label() + " " + message + "; the replay goes on");
      guard.restarted();
    } catch (RuntimeException | SQLException e) {
      String message = "restart failed: " + firstLine(e);
      log.write(
          new RestartEvent(
              target.label(),
              crashes,
              clock.instant(),
              false,
              (System.nanoTime() - t0) / 1e9,
              message),
          notes::add);
      progress.accept(target.label() + " " + message + "; its side stops");
      guard.down(target.label() + " is down: it crashed and its " + message);
    }
  }

  private String describe(CrashEvent e) {
    StringBuilder b =
        new StringBuilder(target.label() + " CRASHED (" + e.cause() + ") - " + e.action());
    if (e.inFlight().isEmpty()) {
      b.append("; no statement of the replay was in flight");
    }
    for (String c : e.crashers()) {
      b.append("\n  class ").append(c).append(" is a crasher: it is not replayed any more");
    }
    for (StatementRef s : e.inFlight()) {
      b.append("\n  in flight: event ")
          .append(s.event())
          .append(" class ")
          .append(s.classId())
          .append(": ")
          .append(oneLine(s.sql(), 120));
    }
    return b.toString();
  }

  /** Stops watching; the replay has ended. */
  void stop() {
    closed = true;
    lock.lock();
    try {
      wake.signalAll();
      served.signalAll();
    } finally {
      lock.unlock();
    }
    if (thread != null) {
      try {
        thread.join(NETWORK_TIMEOUT.toMillis() * 2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The last readings, after {@link #stop()}: the side's summary for this replay. */
  HealthSegment finish() {
    Long uptimeEnd = null;
    StatusSnapshot after = null;
    if (guard.state() == SideGuard.State.UP) {
      try {
        if (conn == null || !conn.isValid(5)) {
          close(conn);
          conn = connect();
        }
        uptimeEnd = poll();
        after = snapshot();
        risen(after.since(base));
      } catch (SQLException e) {
        notes.add("the last readings failed: " + firstLine(e));
      }
    }
    readLog(LogClass.Phase.RUN);
    close(conn);
    conn = null;
    List<String> all = new ArrayList<>(notes);
    if (crashes > 0 && restarts > 0) {
      all.add(
          "counters are summed over the server's restarts; up to "
              + SNAPSHOT_EVERY.toSeconds()
              + " s of their rise before each crash is not counted");
    }
    return new HealthSegment(
        target.label(),
        target.spec().display(),
        target.info().version(),
        started,
        clock.instant(),
        uptimeStart,
        uptimeEnd,
        inFlight.statements(),
        crashes,
        restarts,
        guard.state() == SideGuard.State.DOWN ? guard.downReason() : null,
        before,
        after,
        new TreeMap<>(risen),
        errorLogSource(),
        classes.snapshot(),
        all);
  }

  /**
   * The log of a server this tool started is removed with it: a copy (its last {@link #KEEP_LOG}
   * bytes) stays in the run folder, and the report names the copy.
   */
  private String errorLogSource() {
    if (errorLog == null) {
      return null;
    }
    if (keepLogAs == null || target.errorLog().isEmpty()) {
      return errorLog.describe();
    }
    Path from = target.errorLog().get();
    try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(from);
        java.nio.channels.FileChannel out =
            OwnerOnly.channel(
                keepLogAs,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
      long start = Math.max(0, in.size() - KEEP_LOG);
      for (long done = start; done < in.size(); ) {
        done += in.transferTo(done, in.size() - done, out);
      }
      return keepLogAs.toString();
    } catch (java.io.IOException e) {
      notes.add("could not keep a copy of " + from + ": " + e.getMessage());
      return errorLog.describe();
    }
  }

  private void risen(Map<String, Long> delta) {
    delta.forEach((k, v) -> risen.merge(k, v, Long::sum));
  }

  private void readLog(LogClass.Phase phase) {
    if (errorLog == null) {
      return;
    }
    try {
      Instant now = clock.instant();
      for (String line : errorLog.readNew(conn)) {
        LogClass first = classes.add(classifier.classify(line), phase, now);
        if (first != null && phase == LogClass.Phase.RUN) {
          log.write(new LogSighting(target.label(), first), notes::add);
        }
      }
    } catch (RuntimeException e) {
      notes.add("error log " + errorLog.describe() + " could not be read: " + e);
    }
  }

  /**
   * A new connection, or an exception when the server refuses or does not answer within {@link
   * #NETWORK_TIMEOUT}: a host that hangs would otherwise keep the verdict waiting for the driver's
   * socket timeout (minutes), since the connect timeout only covers TCP.
   */
  private Connection connect() throws SQLException {
    java.util.concurrent.FutureTask<Connection> attempt =
        new java.util.concurrent.FutureTask<>(target::connect);
    Thread.ofVirtual().name("querytester-health-connect-" + target.label()).start(attempt);
    Connection c;
    try {
      c = attempt.get(NETWORK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      Thread.ofVirtual().start(() -> closeWhenDone(attempt));
      throw new SQLException("no answer within " + NETWORK_TIMEOUT.toSeconds() + " s", "08001", e);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new SQLException(String.valueOf(e.getCause()), "08001", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while connecting", "08001", e);
    }
    try {
      c.setNetworkTimeout(Runnable::run, millis(NETWORK_TIMEOUT));
    } catch (SQLException e) {
      // the socket timeout of the connection settings still applies
    }
    return c;
  }

  private static void closeWhenDone(java.util.concurrent.Future<Connection> late) {
    try {
      close(late.get());
    } catch (java.util.concurrent.ExecutionException | InterruptedException e) {
      // it failed after all: nothing to close
    }
  }

  private long poll() throws SQLException {
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Uptime'")) {
      if (!rs.next()) {
        throw new SQLException("SHOW GLOBAL STATUS LIKE 'Uptime' returned nothing");
      }
      return Long.parseLong(rs.getString(2).strip());
    } catch (NumberFormatException e) {
      throw new SQLException("unreadable Uptime: " + e.getMessage(), e);
    }
  }

  private StatusSnapshot snapshot() throws SQLException {
    lastSnapshotNanos = System.nanoTime();
    StatusSnapshot s = StatusReader.take(conn, mysql8, clock.instant());
    for (String p : s.problems()) {
      if (!notes.contains(p)) {
        notes.add(p);
      }
    }
    return s;
  }

  private static void close(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException e) {
        // it is broken already
      }
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static int millis(Duration d) {
    return (int) TimeUnit.NANOSECONDS.toMillis(d.toNanos());
  }

  static String firstLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  static String oneLine(String s, int max) {
    String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
    return t.length() <= max ? t : t.substring(0, max - 3) + "...";
  }
}
