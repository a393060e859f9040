package io.querytester.explain;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.LatencyVerdict;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.run.DiffKind;
import io.querytester.server.ServerInfo;
import io.querytester.workload.SessionPrelude;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One class through the cause step: which of its examples may run again, what explains its
 * differences and its latency, which fix brings OLD's latency back, and the class's cause in words.
 */
final class ClassCauses {
  private final CauseSearch search;
  private final FixSearch fixes;
  private final ReadOnlyGate gate;
  private final CauseBudget budget;
  private final Causes.KnownChanges known;
  private final ServerInfo oldInfo;
  private final ServerInfo neuInfo;

  ClassCauses(
      CauseSearch search,
      FixSearch fixes,
      ReadOnlyGate gate,
      CauseBudget budget,
      Causes.KnownChanges known,
      ServerInfo oldInfo,
      ServerInfo neuInfo) {
    this.search = search;
    this.fixes = fixes;
    this.gate = gate;
    this.budget = budget;
    this.known = known;
    this.oldInfo = oldInfo;
    this.neuInfo = neuInfo;
  }

  Cause of(ClassSummary c, List<SessionPrelude> examples, PlanComparison plan) {
    List<Long> events = examples.stream().map(SessionPrelude::line).toList();
    if (budget.spent()) {
      return without(c, events, Cause.NOT_EXAMINED, "not examined: " + budget.name() + " ran out");
    }
    if (examples.isEmpty()) {
      return without(
          c, events, Cause.NOT_RUN, "not re-run: its statements are not in the run's workload");
    }
    List<SessionPrelude> runnable = new ArrayList<>();
    String refused = null;
    for (SessionPrelude p : examples) {
      // read as its session read it: the session's SETs change sql_mode and the character set
      String why = gate.session(p.session(), p.event().sql()).refusal();
      if (why == null) {
        runnable.add(p);
      } else {
        refused = refused == null ? why : refused;
      }
    }
    if (runnable.isEmpty()) {
      return without(
          c, events, Cause.NOT_RUN, "not re-run: " + refused + " (only reads are run again)");
    }
    try {
      return looked(c, runnable, plan);
    } catch (SQLException e) {
      return without(
          c, events, Cause.NOT_RUN, "not looked into: a trial failed: " + e.getMessage());
    }
  }

  private Cause looked(ClassSummary c, List<SessionPrelude> examples, PlanComparison plan)
      throws SQLException {
    List<Cause.Attribution> attributions = new ArrayList<>();
    Set<DiffKind> kinds = Causes.explainable(c);
    if (!kinds.isEmpty()) {
      attributions.add(search.differences(examples, kinds));
    }
    Cause.Attribution latency = null;
    if (c.latency() == LatencyVerdict.DEGRADED || c.latency() == LatencyVerdict.IMPROVED) {
      latency = search.latency(examples.getFirst(), c.latency());
      attributions.add(latency);
    }
    // a slowdown that did not come back alone has nothing to fix: every fix would look like one
    Cause.Fixes found =
        c.latency() == LatencyVerdict.DEGRADED && !Cause.NOT_REPRODUCED.equals(latency.status())
            ? fixes.search(examples.getFirst(), plan, latency, neuInfo, c.newLatency().p50())
            : null;
    boolean code = attributions.stream().anyMatch(a -> Cause.NO_SETTING.equals(a.status()));
    List<String> changes =
        code
            ? known.of(oldInfo.version(), neuInfo.version(), examples.getFirst().event().sql())
            : List.of();
    String status = status(attributions);
    return new Cause(
        c.classId(),
        examples.stream().map(SessionPrelude::line).toList(),
        status,
        summary(attributions, found, changes),
        attributions,
        found,
        changes);
  }

  private static String status(List<Cause.Attribution> attributions) {
    for (String s : List.of(Cause.SETTINGS, Cause.NO_SETTING)) {
      if (attributions.stream().anyMatch(a -> s.equals(a.status()))) {
        return s;
      }
    }
    return Cause.NOT_REPRODUCED;
  }

  /** The class's cause in one line: each attribution, the best fix, the known code change. */
  private String summary(
      List<Cause.Attribution> attributions, Cause.Fixes found, List<String> changes) {
    List<String> parts = new ArrayList<>();
    for (Cause.Attribution a : attributions) {
      parts.add(words(a));
    }
    if (found != null) {
      parts.add(
          found.best() == null
              ? "no fix tried returns OLD's rows at OLD's latency ("
                  + found.tried().size()
                  + " tried)"
              : "fix: " + found.best().description() + ", " + found.best().ratio() + "x OLD's p50");
    }
    if (!changes.isEmpty()) {
      parts.add("precheck: " + changes.getFirst());
    }
    return String.join("; ", parts);
  }

  /** One attribution in words. */
  String words(Cause.Attribution a) {
    return switch (a.status()) {
      case Cause.SETTINGS ->
          String.join(", ", a.settings().stream().map(Setting::describe).toList())
              + (a.settings().size() == 1 ? " explains " : " together explain ")
              + a.about()
              + "; "
              + a.restore()
              + " restores OLD's"
              + (a.unexplained().isEmpty()
                  ? ""
                  : " (no setting explains " + labels(a.unexplained()) + ")");
      case Cause.NO_SETTING ->
          "no setting explains "
              + a.about()
              + ": a change in the server's code between "
              + oldInfo.version()
              + " and "
              + neuInfo.version()
              + " (querytester bisect names the version)";
      default -> a.about() + " not reproduced when run again alone";
    };
  }

  private static String labels(List<String> kinds) {
    return String.join(", ", kinds.stream().map(k -> DiffKind.valueOf(k).label()).toList());
  }

  private static Cause without(ClassSummary c, List<Long> events, String status, String why) {
    return new Cause(c.classId(), events, status, why, List.of(), null, List.of());
  }
}
