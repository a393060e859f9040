package io.querytester.explain;

import io.querytester.compare.LatencyStats;
import io.querytester.compare.LatencyThresholds;
import io.querytester.compare.LatencyVerdict;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.replay.StatementProbe;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Observation;
import io.querytester.run.ObservationComparator;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import io.querytester.workload.SqlProfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Runs a class's examples again after the replay, on read-only sessions in their session state,
 * with session settings given first: once per side to see which differences are still there ({@link
 * #run}), or many times, OLD and NEW alternating, to judge latency with the replay's own thresholds
 * and Mann-Whitney test ({@link #time}).
 */
final class Trials {
  /** The differences a setting can make go away (latency is judged by {@link #time}). */
  static final Set<DiffKind> EXPLAINABLE =
      EnumSet.of(
          DiffKind.ERROR_NEW,
          DiffKind.ERROR_CHANGED,
          DiffKind.ROW_COUNT,
          DiffKind.RESULT,
          DiffKind.METADATA,
          DiffKind.METADATA_WIDTH,
          DiffKind.COLUMN_DEFINITION,
          DiffKind.ERROR_TEXT,
          DiffKind.WARNINGS,
          DiffKind.ROW_ORDER,
          DiffKind.ERROR_FIXED);

  static final int OLD = 0;
  static final int NEW = 1;

  private final List<Target> targets;
  private final ReadOnlyGate gate;
  private final StatementProbe probe;
  private final SettingsDelta.Read values;
  private final LatencyThresholds thresholds;
  private int count;

  Trials(
      List<Target> targets,
      ReadOnlyGate gate,
      StatementProbe probe,
      SettingsDelta.Read values,
      LatencyThresholds thresholds) {
    this.targets = targets;
    this.gate = gate;
    this.probe = probe;
    this.values = values;
    this.thresholds = thresholds;
  }

  /**
   * The examples' observations on one side, or why the side refused its settings.
   *
   * @param observations one per example, in order; empty when refused
   * @param refused the server's error for the settings, null when they were taken
   */
  record Run(List<Observation> observations, String refused) {}

  /**
   * A timed trial: OLD and NEW alternating, each with its settings.
   *
   * @param verdict NEW against OLD, by the replay's thresholds
   * @param pValue the Mann-Whitney p-value (NaN when not computed)
   * @param oldP50 OLD's median latency (µs)
   * @param newP50 NEW's median latency (µs)
   * @param kinds the differences between the two sides' first runs (NEW's rows against OLD's)
   * @param refused why a side refused its settings, null when both took them
   */
  record Timing(
      LatencyVerdict verdict,
      double pValue,
      long oldP50,
      long newP50,
      Set<DiffKind> kinds,
      String refused) {
    /** NEW's median over OLD's; null without a median on OLD. */
    Double ratio() {
      return oldP50 <= 0 ? null : Math.round(1000.0 * newP50 / oldP50) / 1000.0;
    }
  }

  /** Trials run so far. */
  int count() {
    return count;
  }

  /** The settings as one SET SESSION for a side: OLD's values for NEW, NEW's for OLD. */
  String set(int side, List<Setting> settings) {
    return settings.isEmpty()
        ? null
        : SessionAssignments.set(
            "SESSION",
            settings,
            side == NEW ? values.newValues() : values.oldValues(),
            side == NEW);
  }

  /** Runs each example on {@code side} with {@code set} first; {@code statement} may rewrite it. */
  Run run(int side, List<SessionPrelude> examples, String set, UnaryOperator<String> statement)
      throws SQLException {
    count++;
    List<Observation> out = new ArrayList<>();
    for (SessionPrelude ex : examples) {
      try (Connection c = ReadOnlySessions.of(targets.get(side)).connect();
          Statement s = c.createStatement()) {
        String refused = prepare(s, ex, set);
        if (refused != null) {
          return new Run(List.of(), refused);
        }
        out.add(probe.run(side, c, statement.apply(ex.event().sql())));
      }
    }
    return new Run(out, null);
  }

  /** The explainable differences between two runs of the same examples, over all of them. */
  static Set<DiffKind> kinds(Run old, Run neu, List<SessionPrelude> examples) {
    Set<DiffKind> out = EnumSet.noneOf(DiffKind.class);
    for (int i = 0; i < examples.size(); i++) {
      out.addAll(kinds(old.observations().get(i), neu.observations().get(i), examples.get(i)));
    }
    return out;
  }

  private static Set<DiffKind> kinds(Observation old, Observation neu, SessionPrelude ex) {
    Set<DiffKind> out = EnumSet.noneOf(DiffKind.class);
    boolean ordered = SqlProfile.of(ex.event().sql()).ordered();
    for (Difference d : ObservationComparator.compare(old, neu, ordered)) {
      if (EXPLAINABLE.contains(d.kind())) {
        out.add(d.kind());
      }
    }
    return out;
  }

  /**
   * Runs the example on OLD and NEW, alternating, {@code samples} times each after one untimed run,
   * and judges NEW's latency against OLD's.
   */
  Timing time(
      SessionPrelude ex,
      String oldSet,
      String newSet,
      UnaryOperator<String> newStatement,
      int samples)
      throws SQLException {
    count++;
    try (Connection o = ReadOnlySessions.of(targets.get(OLD)).connect();
        Connection n = ReadOnlySessions.of(targets.get(NEW)).connect();
        Statement so = o.createStatement();
        Statement sn = n.createStatement()) {
      String refused = prepare(so, ex, oldSet);
      if (refused == null) {
        refused = prepare(sn, ex, newSet);
      }
      if (refused != null) {
        return new Timing(LatencyVerdict.CANNOT_EVALUATE, Double.NaN, 0, 0, Set.of(), refused);
      }
      String oldSql = ex.event().sql();
      String newSql = newStatement.apply(oldSql);
      // the first runs warm both sides up and say whether NEW still returns OLD's rows
      Set<DiffKind> kinds = kinds(probe.run(OLD, o, oldSql), probe.run(NEW, n, newSql), ex);
      LatencyStats a = new LatencyStats(1);
      LatencyStats b = new LatencyStats(2);
      for (int i = 0; i < samples; i++) {
        // who goes first alternates, so neither side always runs right after the other
        if (i % 2 == 0) {
          a.record(probe.run(OLD, o, oldSql).lastRowMicros());
          b.record(probe.run(NEW, n, newSql).lastRowMicros());
        } else {
          b.record(probe.run(NEW, n, newSql).lastRowMicros());
          a.record(probe.run(OLD, o, oldSql).lastRowMicros());
        }
      }
      LatencyStats.Evaluation e = a.compareTo(b, thresholds);
      return new Timing(e.verdict(), e.pValue(), a.percentile(50), b.percentile(50), kinds, null);
    }
  }

  /**
   * A timed trial of a change meant to make NEW faster. On a loaded machine one server can be
   * starved for a while, and a change that more than halved NEW's latency ({@code newBefore}, NEW's
   * median without it) still measures slower than OLD: such a trial is measured once more, and the
   * second measure stands.
   */
  Timing timeChange(
      SessionPrelude ex,
      String oldSet,
      String newSet,
      UnaryOperator<String> newStatement,
      int samples,
      long newBefore)
      throws SQLException {
    Timing t = time(ex, oldSet, newSet, newStatement, samples);
    if (t.verdict() == LatencyVerdict.DEGRADED && newBefore > 0 && t.newP50() * 2 < newBefore) {
      return time(ex, oldSet, newSet, newStatement, samples);
    }
    return t;
  }

  /** The samples per side of a timed trial: as many as the gate needs to judge latency. */
  int samples() {
    return Math.max(thresholds.minSamples(), 20);
  }

  private String prepare(Statement s, SessionPrelude ex, String set) throws SQLException {
    try {
      ExampleSession.prepare(s, ex, gate, set);
      return null;
    } catch (SQLException e) {
      if (io.querytester.server.SqlStates.connectionGone(e)) {
        throw e;
      }
      return "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
    }
  }
}
