package io.querytester.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * What the health watch saw during a run, ready for the reports: per target (crashes, restarts,
 * uptime, start-up log noise), the crashes with their statements in flight, the error-log classes
 * and trouble counters of OLD and NEW side by side.
 *
 * @param targets each side, OLD first
 * @param crashes every crash, in the order seen
 * @param restarts what followed each crash
 * @param crashers classes in flight at two crashes of a side without completing in between (not
 *     replayed after the second)
 * @param errorLog error-log classes logged while the replay ran, those NEW logs and OLD does not
 *     first
 * @param counters trouble counters that rose on a side, NEW's clear rises first
 * @param notes what the reader should know
 */
public record HealthReport(
    List<TargetHealth> targets,
    List<CrashEvent> crashes,
    List<RestartEvent> restarts,
    List<String> crashers,
    List<LogClassRow> errorLog,
    List<CounterDelta> counters,
    List<String> notes) {

  /** Error-log rows kept in a report; the rest are counted in a note. */
  static final int MAX_LOG_ROWS = 200;

  /** A class logged this many times more often (per statement) on NEW is "more on NEW". */
  static final double MORE = 3.0;

  public static final HealthReport NONE =
      new HealthReport(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

  public HealthReport {
    targets = targets == null ? List.of() : targets;
    crashes = crashes == null ? List.of() : crashes;
    restarts = restarts == null ? List.of() : restarts;
    crashers = crashers == null ? List.of() : crashers;
    errorLog = errorLog == null ? List.of() : errorLog;
    counters = counters == null ? List.of() : counters;
    notes = notes == null ? List.of() : notes;
  }

  /** Reads {@code health.jsonl}; {@link #NONE} for a run without a health watch. */
  public static HealthReport read(Path runDir, Consumer<String> warnings) {
    return of(HealthLog.read(runDir, warnings));
  }

  /** True when a health watch ran (the reports then show its sections). */
  public boolean watched() {
    return !targets.isEmpty() || !crashes.isEmpty();
  }

  /** Error-log classes that NEW logs and OLD does not, or far more often. */
  public List<LogClassRow> newLogClasses() {
    return errorLog.stream().filter(LogClassRow::regression).toList();
  }

  /** The report of a run's health records ({@link HealthLog#read}). */
  public static HealthReport of(List<HealthRecord> records) {
    Map<String, HealthSegment> segments = new LinkedHashMap<>();
    Map<String, List<LogClass>> sightings = new LinkedHashMap<>();
    List<CrashEvent> crashes = new ArrayList<>();
    List<RestartEvent> restarts = new ArrayList<>();
    List<StallEvent> stalls = new ArrayList<>();
    for (HealthRecord r : records) {
      switch (r) {
        case HealthSegment s -> segments.merge(s.side(), s, HealthSegment::then);
        case CrashEvent c -> crashes.add(c);
        case RestartEvent e -> restarts.add(e);
        case StallEvent t -> stalls.add(t);
        case LogSighting l ->
            sightings.computeIfAbsent(l.side(), k -> new ArrayList<>()).add(l.logClass());
      }
    }
    if (segments.isEmpty() && crashes.isEmpty() && sightings.isEmpty() && stalls.isEmpty()) {
      return NONE;
    }
    List<String> sides = sides(segments, sightings, crashes);
    List<String> notes = new ArrayList<>();
    stalls.forEach(t -> notes.add(t.describe()));
    List<TargetHealth> targets = new ArrayList<>();
    Map<String, List<LogClass>> runClasses = new HashMap<>();
    for (String side : sides) {
      HealthSegment s = segments.get(side);
      if (s == null) {
        notes.add(
            "the health watch left no summary for "
                + side
                + " (the tool stopped before the end of the replay): its crashes and the first"
                + " line of each new error-log class are listed, counts and counters are not");
        runClasses.put(side, sightings.getOrDefault(side, List.of()));
        targets.add(incomplete(side, crashes));
        continue;
      }
      runClasses.put(side, phase(s.errorLog(), LogClass.Phase.RUN));
      targets.add(target(s));
    }
    notes.addAll(downNotes(targets));
    List<String> crashers = crashers(crashes);
    for (String c : crashers) {
      notes.add(
          "class "
              + c
              + " is a crasher: in flight at 2 crashes and never completed in between, it was"
              + " not replayed after the second");
    }
    List<LogClassRow> rows = logRows(sides, runClasses, targets);
    if (rows.size() > MAX_LOG_ROWS) {
      notes.add(
          rows.size()
              + " error-log classes were logged during the replay; the report lists the first "
              + MAX_LOG_ROWS);
      rows = rows.subList(0, MAX_LOG_ROWS);
    }
    return new HealthReport(
        targets, crashes, restarts, crashers, rows, counters(sides, segments, targets), notes);
  }

  private static List<String> sides(
      Map<String, HealthSegment> segments,
      Map<String, List<LogClass>> sightings,
      List<CrashEvent> crashes) {
    Set<String> all = new LinkedHashSet<>(segments.keySet());
    all.addAll(sightings.keySet());
    crashes.forEach(c -> all.add(c.side()));
    List<String> out = new ArrayList<>(all);
    // OLD before NEW whatever order they were written in; other labels keep theirs.
    out.sort(Comparator.comparingInt(s -> s.equals("OLD") ? 0 : s.equals("NEW") ? 1 : 2));
    return out;
  }

  private static TargetHealth target(HealthSegment s) {
    return new TargetHealth(
        s.side(),
        s.spec(),
        s.version(),
        s.statements(),
        s.crashes(),
        s.restarts(),
        s.downReason(),
        s.uptimeStart(),
        s.uptimeEnd(),
        s.errorLogSource(),
        phase(s.errorLog(), LogClass.Phase.STARTUP),
        phase(s.errorLog(), LogClass.Phase.RESTART),
        s.notes(),
        true);
  }

  private static TargetHealth incomplete(String side, List<CrashEvent> crashes) {
    int n = (int) crashes.stream().filter(c -> c.side().equals(side)).count();
    return new TargetHealth(
        side, null, null, 0, n, 0, null, null, null, null, List.of(), List.of(), List.of(), false);
  }

  private static List<LogClass> phase(List<LogClass> classes, LogClass.Phase phase) {
    return classes.stream().filter(c -> c.phase() == phase).toList();
  }

  /** Sides that stopped; the crashes themselves have their own section in every report. */
  private static List<String> downNotes(List<TargetHealth> targets) {
    List<String> notes = new ArrayList<>();
    for (TargetHealth t : targets) {
      if (t.downReason() != null) {
        notes.add(
            t.downReason()
                + ": its statements after that were not run on it (they show as lost connections)");
      }
    }
    return notes;
  }

  private static List<String> crashers(List<CrashEvent> crashes) {
    return crashes.stream().flatMap(c -> c.crashers().stream()).distinct().sorted().toList();
  }

  private static List<LogClassRow> logRows(
      List<String> sides, Map<String, List<LogClass>> runClasses, List<TargetHealth> targets) {
    if (sides.isEmpty()) {
      return List.of();
    }
    Map<String, LogClass> old = byKey(runClasses.get(sides.get(0)));
    Map<String, LogClass> neu = sides.size() > 1 ? byKey(runClasses.get(sides.get(1))) : Map.of();
    long oldStatements = targets.get(0).statements();
    long newStatements = sides.size() > 1 ? targets.get(1).statements() : 0;
    Set<String> keys = new LinkedHashSet<>(neu.keySet());
    keys.addAll(old.keySet());
    List<LogClassRow> rows = new ArrayList<>();
    for (String k : keys) {
      LogClass o = old.get(k);
      LogClass n = neu.get(k);
      LogClass any = n != null ? n : o;
      rows.add(
          new LogClassRow(
              k,
              any.level(),
              any.code(),
              any.example(),
              count(o, sides.size() > 1 || o != null),
              sides.size() > 1 ? count(n, true) : null,
              change(o, n, oldStatements, newStatements, sides.size() > 1)));
    }
    rows.sort(
        Comparator.comparing(LogClassRow::change)
            .thenComparing(r -> -(r.neu() == null ? 0 : r.neu().count()))
            .thenComparing(r -> -(r.old() == null ? 0 : r.old().count()))
            .thenComparing(LogClassRow::key));
    return rows;
  }

  private static Map<String, LogClass> byKey(List<LogClass> classes) {
    Map<String, LogClass> m = new LinkedHashMap<>();
    if (classes != null) {
      classes.forEach(c -> m.merge(c.key(), c, LogClass::plus));
    }
    return m;
  }

  private static LogClassRow.Count count(LogClass c, boolean zeroIfAbsent) {
    if (c == null) {
      return zeroIfAbsent ? new LogClassRow.Count(0, null, null) : null;
    }
    return new LogClassRow.Count(c.count(), c.first(), c.last());
  }

  private static LogClassRow.Change change(
      LogClass o, LogClass n, long oldStatements, long newStatements, boolean pair) {
    if (!pair || (o != null && n == null)) {
      return pair ? LogClassRow.Change.OLD_ONLY : LogClassRow.Change.BOTH;
    }
    if (o == null) {
      return LogClassRow.Change.NEW_ONLY;
    }
    double scale =
        oldStatements == 0 || newStatements == 0 ? 1 : (double) newStatements / oldStatements;
    if (n.count() >= MORE * o.count() * scale && n.count() - o.count() * scale >= 3) {
      return LogClassRow.Change.MORE_ON_NEW;
    }
    if (o.count() * scale >= MORE * n.count() && o.count() * scale - n.count() >= 3) {
      return LogClassRow.Change.MORE_ON_OLD;
    }
    return LogClassRow.Change.BOTH;
  }

  private static List<CounterDelta> counters(
      List<String> sides, Map<String, HealthSegment> segments, List<TargetHealth> targets) {
    if (sides.isEmpty()) {
      return List.of();
    }
    HealthSegment old = segments.get(sides.get(0));
    HealthSegment neu = sides.size() > 1 ? segments.get(sides.get(1)) : null;
    Set<String> names = new TreeSet<>();
    if (old != null) {
      names.addAll(old.risen().keySet());
    }
    if (neu != null) {
      names.addAll(neu.risen().keySet());
    }
    long oldStatements = targets.get(0).statements();
    long newStatements = sides.size() > 1 ? targets.get(1).statements() : 0;
    List<CounterDelta> out = new ArrayList<>();
    for (String name : names) {
      Long o = old == null ? null : old.risen().get(name);
      Long n = neu == null ? null : neu.risen().get(name);
      if ((o == null || o == 0) && (n == null || n == 0)) {
        continue;
      }
      out.add(CounterDelta.of(name, o, n, oldStatements, newStatements));
    }
    out.sort(
        Comparator.comparing((CounterDelta d) -> !d.worse())
            .thenComparing(d -> d.name().toLowerCase(Locale.ROOT)));
    return out;
  }
}
