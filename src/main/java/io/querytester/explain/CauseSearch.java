package io.querytester.explain;

import io.querytester.compare.LatencyVerdict;
import io.querytester.run.DiffKind;
import io.querytester.run.Observation;
import io.querytester.workload.SessionPrelude;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Cause attribution for one class: its examples run again on NEW with OLD's values of every
 * candidate setting; if the difference goes away, delta debugging narrows the candidates down to a
 * smallest set that still makes it go away, and OLD given NEW's values of that set confirms it the
 * other way. The same for latency, judged by timed trials.
 */
final class CauseSearch {
  private final Trials trials;
  private final SettingsDelta.Read delta;
  private final CauseBudget budget;

  CauseSearch(Trials trials, SettingsDelta.Read delta, CauseBudget budget) {
    this.trials = trials;
    this.delta = delta;
    this.budget = budget;
  }

  private List<Setting> candidates() {
    return delta.delta().candidates();
  }

  /**
   * What explains the differences of a class's examples.
   *
   * @param expected the kinds the replay saw, to name them when they do not come back
   */
  Cause.Attribution differences(List<SessionPrelude> examples, Set<DiffKind> expected)
      throws SQLException {
    int before = trials.count();
    Trials.Run old0 = trials.run(Trials.OLD, examples, null, UnaryOperator.identity());
    Trials.Run new0 = trials.run(Trials.NEW, examples, null, UnaryOperator.identity());
    Set<DiffKind> k0 = Trials.kinds(old0, new0, examples);
    if (k0.isEmpty()) {
      return notReproduced(
          labels(expected),
          names(expected),
          "the difference did not come back when "
              + plural(examples.size(), "its example", "its examples")
              + " ran again alone: it depends on the replay's concurrency, timing or other"
              + " sessions",
          before);
    }
    String about = labels(k0);
    if (candidates().isEmpty()) {
      return noSetting(
          about, k0, k0, "OLD and NEW start their sessions with the same settings", before);
    }
    Trials.Run all =
        trials.run(
            Trials.NEW, examples, trials.set(Trials.NEW, candidates()), UnaryOperator.identity());
    Set<DiffKind> kAll = all.refused() == null ? Trials.kinds(old0, all, examples) : k0;
    boolean inconclusive = all.refused() != null || failsWhereItRan(new0, all);
    if (inconclusive) {
      return oneAtATime(examples, old0, new0, k0, about, before, all);
    }
    Set<DiffKind> explained = minus(k0, kAll);
    if (explained.isEmpty()) {
      return noSetting(
          about,
          k0,
          k0,
          "with all "
              + candidates().size()
              + " candidate settings at OLD's values, NEW still differs from OLD",
          before);
    }
    Set<DiffKind> allowed = EnumSet.copyOf(k0);
    allowed.addAll(kAll);
    Predicate<List<Setting>> test =
        s -> explains(examples, old0, new0, s, explained, allowed, false) != null;
    DeltaDebugging.Result<Setting> found =
        DeltaDebugging.minimize(candidates(), test, budget::spent);
    return settingsFound(
        about, k0, explained, found.items(), found.complete(), examples, new0, before, null);
  }

  /**
   * Every candidate at OLD's value broke the statement (or NEW refused them together): each alone
   * then, while the budget lasts; the first that makes some difference go away is the cause.
   */
  private Cause.Attribution oneAtATime(
      List<SessionPrelude> examples,
      Trials.Run old0,
      Trials.Run new0,
      Set<DiffKind> k0,
      String about,
      int before,
      Trials.Run all)
      throws SQLException {
    String why =
        all.refused() != null
            ? "NEW refused all candidates at once (" + all.refused() + ")"
            : "all candidates at once made the statement fail on NEW";
    Set<DiffKind> allowed = EnumSet.copyOf(k0);
    for (Setting s : candidates()) {
      if (budget.spent()) {
        return noSetting(
            about,
            k0,
            k0,
            why + "; " + budget.name() + " ran out trying them one at a time",
            before);
      }
      Set<DiffKind> explained = explains(examples, old0, new0, List.of(s), k0, allowed, true);
      if (explained != null) {
        return settingsFound(
            about,
            k0,
            explained,
            List.of(s),
            true,
            examples,
            new0,
            before,
            why + "; tried one at a time, so a cause of two settings together is not looked for");
      }
    }
    return noSetting(
        about, k0, k0, why + "; no candidate alone makes a difference go away", before);
  }

  /**
   * The kinds among {@code target} that NEW with OLD's values of {@code settings} no longer shows,
   * when it breaks nothing, adds no kind outside {@code allowed} and no longer shows any of them
   * ({@code some}: at least one of them); else null.
   */
  private Set<DiffKind> explains(
      List<SessionPrelude> examples,
      Trials.Run old0,
      Trials.Run new0,
      List<Setting> settings,
      Set<DiffKind> target,
      Set<DiffKind> allowed,
      boolean some) {
    try {
      Trials.Run r =
          trials.run(
              Trials.NEW, examples, trials.set(Trials.NEW, settings), UnaryOperator.identity());
      if (r.refused() != null || failsWhereItRan(new0, r)) {
        return null;
      }
      Set<DiffKind> k = Trials.kinds(old0, r, examples);
      if (!allowed.containsAll(k)) {
        return null;
      }
      Set<DiffKind> gone = minus(target, k);
      return (some ? !gone.isEmpty() : gone.equals(target)) ? gone : null;
    } catch (SQLException e) {
      return null; // a trial that could not run explains nothing
    }
  }

  private Cause.Attribution settingsFound(
      String about,
      Set<DiffKind> k0,
      Set<DiffKind> explained,
      List<Setting> settings,
      boolean narrowed,
      List<SessionPrelude> examples,
      Trials.Run new0,
      int before,
      String note)
      throws SQLException {
    // the other way: OLD with NEW's values of the settings should show NEW's result
    Trials.Run oldWithNew =
        trials.run(
            Trials.OLD, examples, trials.set(Trials.OLD, settings), UnaryOperator.identity());
    Boolean confirmed;
    String confirmation;
    if (oldWithNew.refused() != null) {
      confirmed = null;
      confirmation =
          "not confirmed the other way: OLD refuses NEW's values (" + oldWithNew.refused() + ")";
    } else {
      Set<DiffKind> left = EnumSet.copyOf(explained);
      left.retainAll(Trials.kinds(oldWithNew, new0, examples));
      Set<DiffKind> shown = minus(explained, left);
      confirmed = left.isEmpty();
      confirmation =
          confirmed
              ? "confirmed the other way: OLD with NEW's values behaves like NEW"
              : (shown.isEmpty()
                      ? "not confirmed the other way: "
                      : "confirmed the other way for " + labels(shown) + " only: ")
                  + "OLD with NEW's values still differs from NEW in "
                  + labels(left);
    }
    return attribution(
        about,
        names(k0),
        Cause.SETTINGS,
        settings,
        names(minus(k0, explained)),
        narrowed,
        confirmed,
        confirmation,
        trials.count() - before,
        note == null && !narrowed
            ? budget.name() + " stopped the narrowing: some may not be needed"
            : note);
  }

  /**
   * What explains a class's latency verdict (DEGRADED or IMPROVED), judged by timed trials of its
   * first example.
   */
  Cause.Attribution latency(SessionPrelude example, LatencyVerdict verdict) throws SQLException {
    int before = trials.count();
    String about = "latency " + verdict.name().toLowerCase(Locale.ROOT);
    List<String> kinds = List.of(DiffKind.LATENCY.name());
    int n = trials.samples();
    Trials.Timing base = trials.time(example, null, null, UnaryOperator.identity(), n);
    if (base.verdict() != verdict) {
      return notReproduced(
          about,
          kinds,
          "run again alone, NEW was "
              + base.verdict().name()
              + " against OLD ("
              + timing(base)
              + "): the replay's latency depended on its concurrency or on the machine's load",
          before);
    }
    if (candidates().isEmpty()) {
      return noSetting(
          about,
          kinds,
          List.of(),
          "OLD and NEW start their sessions with the same settings",
          before);
    }
    Trials.Timing all =
        trials.timeChange(
            example,
            null,
            trials.set(Trials.NEW, candidates()),
            UnaryOperator.identity(),
            n,
            base.newP50());
    if (all.refused() != null || all.verdict() == verdict) {
      return noSetting(
          about,
          kinds,
          List.of(),
          all.refused() != null
              ? "NEW refused all candidates at once (" + all.refused() + ")"
              : "with all "
                  + candidates().size()
                  + " candidate settings at OLD's values NEW is still "
                  + verdict.name()
                  + " ("
                  + timing(all)
                  + ")",
          before);
    }
    Predicate<List<Setting>> test =
        s -> {
          try {
            Trials.Timing t =
                trials.timeChange(
                    example,
                    null,
                    trials.set(Trials.NEW, s),
                    UnaryOperator.identity(),
                    n,
                    base.newP50());
            return t.refused() == null && t.verdict() != verdict;
          } catch (SQLException e) {
            return false;
          }
        };
    DeltaDebugging.Result<Setting> found =
        DeltaDebugging.minimize(candidates(), test, budget::spent);
    Trials.Timing other =
        trials.time(
            example, trials.set(Trials.OLD, found.items()), null, UnaryOperator.identity(), n);
    Boolean confirmed = other.refused() != null ? null : other.verdict() == LatencyVerdict.SAME;
    String confirmation =
        other.refused() != null
            ? "not confirmed the other way: OLD refuses NEW's values (" + other.refused() + ")"
            : confirmed
                ? "confirmed the other way: OLD with NEW's values is as fast as NEW ("
                    + timing(other)
                    + ")"
                : "not confirmed the other way: OLD with NEW's values is "
                    + other.verdict().name()
                    + " against NEW ("
                    + timing(other)
                    + ")";
    return attribution(
        about,
        kinds,
        Cause.SETTINGS,
        found.items(),
        List.of(),
        found.complete(),
        confirmed,
        confirmation,
        trials.count() - before,
        found.complete() ? null : budget.name() + " stopped the narrowing: some may not be needed");
  }

  /** "p50 1.2ms OLD, 5.6ms NEW, 4.67x, p=0.0001". */
  static String timing(Trials.Timing t) {
    return "p50 "
        + micros(t.oldP50())
        + " OLD, "
        + micros(t.newP50())
        + " NEW"
        + (t.ratio() == null ? "" : ", " + t.ratio() + "x")
        + (Double.isNaN(t.pValue()) ? "" : String.format(Locale.ROOT, ", p=%.2g", t.pValue()));
  }

  static String micros(long us) {
    return us >= 1000 ? String.format(Locale.ROOT, "%.1fms", us / 1000.0) : us + "us";
  }

  private Cause.Attribution attribution(
      String about,
      List<String> kinds,
      String status,
      List<Setting> settings,
      List<String> unexplained,
      boolean narrowed,
      Boolean confirmed,
      String confirmation,
      int count,
      String note) {
    Map<String, String> values = delta.newValues();
    return new Cause.Attribution(
        about,
        kinds,
        status,
        settings,
        unexplained,
        narrowed,
        confirmed,
        confirmation,
        SessionAssignments.set("SESSION", settings, values, true),
        SessionAssignments.set("GLOBAL", settings, values, true),
        SessionAssignments.items(settings, values, true),
        count,
        note);
  }

  private Cause.Attribution noSetting(
      String about, List<String> kinds, List<String> unexplained, String note, int before) {
    return attribution(
        about,
        kinds,
        Cause.NO_SETTING,
        List.of(),
        unexplained,
        true,
        null,
        null,
        trials.count() - before,
        note);
  }

  private Cause.Attribution noSetting(
      String about, Set<DiffKind> kinds, Set<DiffKind> unexplained, String note, int before) {
    return noSetting(about, names(kinds), names(unexplained), note, before);
  }

  private Cause.Attribution notReproduced(
      String about, List<String> kinds, String note, int before) {
    return attribution(
        about,
        kinds,
        Cause.NOT_REPRODUCED,
        List.of(),
        List.of(),
        true,
        null,
        null,
        trials.count() - before,
        note);
  }

  /** Whether an example that ran on NEW before fails now: such a trial explains nothing. */
  private static boolean failsWhereItRan(Trials.Run before, Trials.Run now) {
    for (int i = 0; i < before.observations().size(); i++) {
      Observation b = before.observations().get(i);
      Observation n = now.observations().get(i);
      if (b.ok() && !n.ok()) {
        return true;
      }
    }
    return false;
  }

  private static Set<DiffKind> minus(Set<DiffKind> a, Set<DiffKind> b) {
    Set<DiffKind> out = a.isEmpty() ? EnumSet.noneOf(DiffKind.class) : EnumSet.copyOf(a);
    out.removeAll(b);
    return out;
  }

  static String labels(Set<DiffKind> kinds) {
    List<String> out = new ArrayList<>();
    kinds.forEach(k -> out.add(k.label()));
    return String.join(", ", out);
  }

  private static List<String> names(Set<DiffKind> kinds) {
    return kinds.stream().map(DiffKind::name).toList();
  }

  private static String plural(int n, String one, String many) {
    return n == 1 ? one : many;
  }
}
