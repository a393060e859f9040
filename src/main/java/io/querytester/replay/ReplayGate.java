package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.Parallel;
import io.querytester.server.ServerInfo;
import io.querytester.server.Target;
import io.querytester.workload.ServerDialect;
import io.querytester.workload.SqlProfile;
import io.querytester.workload.SqlReading;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides whether a statement is replayed, per target: an executable comment makes the same text a
 * SELECT on one server and a SHUTDOWN on another, so a statement runs only when it is allowed on
 * every side as that side's server will read it, in the session's reading there (its sql_mode and
 * client character set, see {@link ReadingGuard}). Without --allow-writes that means a safe read
 * (or a harmless session statement) that reaches no stored routine or view whose body does more
 * than read ({@link Routines}). It also keeps the sessions a read-only replay stopped, for every
 * lane: a session's reads spread to other lanes stop with it.
 */
final class ReplayGate {
  private final List<String> labels = new ArrayList<>();
  private final List<ServerDialect> dialects = new ArrayList<>();
  private final List<ServerInfo> infos = new ArrayList<>();
  private final List<Routines> functions;
  private final List<ReadingStart> starts;
  private final boolean allowWrites;
  private final Map<Long, String> stopped = new ConcurrentHashMap<>();

  private ReplayGate(
      List<Target> targets,
      List<Routines> functions,
      List<ReadingStart> starts,
      boolean allowWrites) {
    for (Target t : targets) {
      labels.add(t.label());
      dialects.add(ServerDialect.of(t.info().version()));
      infos.add(t.info());
    }
    this.functions = functions;
    this.starts = starts;
    this.allowWrites = allowWrites;
  }

  /**
   * Reads each target's routines and sessions' reading when writes are not allowed, every target at
   * once (plan reading builds its gate after the replay, while the command waits).
   */
  static ReplayGate of(List<Target> targets, boolean allowWrites) {
    if (allowWrites) {
      return new ReplayGate(targets, null, null, true);
    }
    record Read(Routines routines, ReadingStart start) {}
    Parallel.Results<Read> read =
        Parallel.each(
            targets,
            t -> {
              try (Connection c = t.connect()) {
                return new Read(Routines.read(c, t), ReadingStart.read(c, t));
              } catch (SQLException e) {
                throw CannotRunException.of(
                    "cannot read the routines and session of " + t.describe(), e);
              }
            });
    switch (read.failure()) {
      case null -> {}
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      case Throwable t ->
          throw new CannotRunException("reading the targets' routines failed: " + t, t);
    }
    List<Read> values = read.values();
    return new ReplayGate(
        targets,
        values.stream().map(Read::routines).toList(),
        values.stream().map(Read::start).toList(),
        false);
  }

  /** With what {@link Preflight} read (nothing when writes are allowed). */
  static ReplayGate of(List<Target> targets, List<Preflight> read, boolean allowWrites) {
    return new ReplayGate(
        targets,
        allowWrites ? null : read.stream().map(Preflight::functions).toList(),
        allowWrites ? null : read.stream().map(Preflight::reading).toList(),
        allowWrites);
  }

  /** How each side's sessions read statements when they open; null when writes are allowed. */
  List<ReadingStart> readingStarts() {
    return starts;
  }

  /** Whether every side's sessions open reading statements as the analysis does by default. */
  boolean defaultReadings() {
    if (starts == null) {
      return true;
    }
    for (ReadingStart s : starts) {
      if (s.initial() == null || !s.initial().isDefault()) {
        return false;
      }
    }
    return true;
  }

  ServerDialect dialect(int side) {
    return dialects.get(side);
  }

  ServerInfo info(int side) {
    return infos.get(side);
  }

  /**
   * Stops a captured session: its statements from now on are skipped, on every lane.
   *
   * @return the skip reason its statements get
   */
  String stop(long session, String why) {
    String reason = "session stopped (fail closed): " + why;
    stopped.putIfAbsent(session, reason);
    return stopped.get(session);
  }

  /** Why the session's statements are skipped from now on, or null. */
  String stopped(long session) {
    return stopped.isEmpty() ? null : stopped.get(session);
  }

  /** Whether the statement calls a stored function of any side (none known with writes allowed). */
  boolean callsStoredFunction(SqlProfile profile) {
    if (functions == null || profile.calls().isEmpty()) {
      return false;
    }
    for (Routines f : functions) {
      if (f.any(profile.calls())) {
        return true;
      }
    }
    return false;
  }

  /** Why the statement is not replayed, naming the side when the sides differ; null to run it. */
  String skipReason(String sql, SqlProfile profile) {
    return skipReason(sql, profile, null);
  }

  /**
   * As {@link #skipReason(String, SqlProfile)}, each side's statement read as that side's session
   * reads it ({@code readings}, per side; null where the session reads as a new connection does).
   */
  String skipReason(String sql, SqlProfile profile, SqlReading[] readings) {
    int n = dialects.size();
    String[] reasons = new String[n];
    boolean dependsOnServer = SqlProfile.dependsOnServer(sql);
    for (int i = 0; i < n; i++) {
      SqlReading reading = readings == null ? null : readings[i];
      SqlProfile side =
          reading != null && !reading.isDefault()
              ? SqlProfile.of(sql, dialects.get(i), reading)
              : dependsOnServer ? SqlProfile.of(sql, dialects.get(i)) : profile;
      reasons[i] = SkipRules.reason(side, allowWrites);
      if (reasons[i] == null && functions != null) {
        reasons[i] = functions.get(i).unsafe(side.calls());
        if (reasons[i] == null) {
          reasons[i] = functions.get(i).unsafeView(sql);
        }
      }
    }
    boolean same = true;
    for (String r : reasons) {
      same &= Objects.equals(r, reasons[0]);
    }
    if (same) {
      return reasons[0];
    }
    StringBuilder b = new StringBuilder("not the same statement on every side:");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? " " : "; ").append(labels.get(i)).append(' ');
      b.append(reasons[i] == null ? "would run it" : reasons[i]);
    }
    return b.toString();
  }
}
