package io.querytester.explain;

import io.querytester.compare.LatencyVerdict;
import io.querytester.run.DiffKind;
import io.querytester.server.Flavour;
import io.querytester.server.ServerInfo;
import io.querytester.workload.SessionPrelude;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Measured fixes for a class slower on NEW, SQL Server Query Tuning Assistant's way: each candidate
 * is timed on NEW against OLD, alternating, with the replay's thresholds and test, and must return
 * OLD's rows. Candidates, in order: the settings found to cause the latency; hints that force OLD's
 * plan where the plans differ; the optimizer_switch flags that govern what the plan comparison says
 * changed; then, while no candidate has fixed it, every other optimizer_switch flag of NEW flipped.
 * The best is the fix with the lowest ratio among those that return OLD's rows at OLD's latency or
 * better.
 */
final class FixSearch {
  /** What NEW must still return: OLD's rows, without errors. */
  private static final Set<DiffKind> ROWS =
      EnumSet.of(
          DiffKind.ERROR_NEW,
          DiffKind.ERROR_CHANGED,
          DiffKind.ROW_COUNT,
          DiffKind.RESULT,
          DiffKind.ROW_ORDER);

  private final Trials trials;
  private final SettingsDelta.Read delta;
  private final CauseBudget budget;

  FixSearch(Trials trials, SettingsDelta.Read delta, CauseBudget budget) {
    this.trials = trials;
    this.delta = delta;
    this.budget = budget;
  }

  /** A fix to measure: a SET to run first, or the statement rewritten. */
  private record Candidate(String kind, String description, String set, String sql) {}

  /**
   * @param newBefore NEW's median latency of the class in the replay (µs), to tell a fix that
   *     clearly helps from one that does not
   */
  Cause.Fixes search(
      SessionPrelude example,
      PlanComparison plan,
      Cause.Attribution cause,
      ServerInfo neuInfo,
      long newBefore) {
    List<Candidate> first = new ArrayList<>();
    if (cause != null && Cause.SETTINGS.equals(cause.status())) {
      first.add(
          new Candidate(
              "setting",
              "OLD's values of "
                  + String.join(", ", cause.settings().stream().map(Setting::label).toList()),
              cause.restore(),
              null));
    }
    String sql = example.event().sql();
    if (plan != null && plan.old() != null && plan.neu() != null) {
      PlanHints.of(sql, plan.old(), plan.neu(), neuInfo)
          .forEach(h -> first.add(new Candidate("hint", h.description(), null, h.sql())));
    }
    Map<String, String> flags = switchFlags();
    Set<String> targeted = plan == null ? Set.of() : targetedFlags(plan, flags);
    targeted.forEach(f -> first.add(flip(f, flags)));
    if (plan != null && histogramsAdded(plan) && neuInfo.flavour() == Flavour.MARIADB) {
      first.add(
          new Candidate(
              "setting",
              "no histograms (NEW's plan uses some, OLD's none)",
              "SET SESSION use_stat_tables = 'NEVER'",
              null));
    }
    List<Candidate> rest = new ArrayList<>();
    flags.keySet().stream()
        .filter(f -> !targeted.contains(f))
        .forEach(f -> rest.add(flip(f, flags)));
    // the same statement twice (a cause's flag is also a flag to flip) is measured once
    Set<String> seen = new java.util.HashSet<>();
    first.removeIf(c -> !seen.add(c.set() + "\n" + c.sql()));
    rest.removeIf(c -> !seen.add(c.set() + "\n" + c.sql()));

    List<Cause.Fix> tried = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    int untried = measure(example, first, tried, newBefore);
    if (untried > 0) {
      skipped.add(untried + " of the plan's own candidates: " + budget.name() + " ran out");
    }
    boolean fixed = tried.stream().anyMatch(Cause.Fix::fixes);
    if (fixed) {
      if (!rest.isEmpty()) {
        skipped.add(
            rest.size()
                + " other optimizer_switch flags: a fix above already returns OLD's rows at OLD's"
                + " latency");
      }
    } else {
      int left = measure(example, rest, tried, newBefore);
      if (left > 0) {
        skipped.add(left + " other optimizer_switch flags: " + budget.name() + " ran out");
      }
    }
    Cause.Fix best =
        tried.stream()
            .filter(Cause.Fix::fixes)
            .min(Comparator.comparingDouble(f -> f.ratio() == null ? Double.MAX_VALUE : f.ratio()))
            .orElse(null);
    return new Cause.Fixes(best, tried, skipped);
  }

  /** Measures each candidate while the budget lasts; returns how many were left. */
  private int measure(
      SessionPrelude example, List<Candidate> candidates, List<Cause.Fix> out, long newBefore) {
    for (int i = 0; i < candidates.size(); i++) {
      if (budget.spent()) {
        return candidates.size() - i;
      }
      out.add(measure(example, candidates.get(i), newBefore));
    }
    return 0;
  }

  private Cause.Fix measure(SessionPrelude example, Candidate c, long newBefore) {
    UnaryOperator<String> statement = c.sql() == null ? UnaryOperator.identity() : s -> c.sql();
    try {
      Trials.Timing t =
          trials.timeChange(example, null, c.set(), statement, trials.samples(), newBefore);
      String shown = c.sql() != null ? c.sql() : c.set();
      if (t.refused() != null) {
        return new Cause.Fix(
            c.kind(),
            c.description(),
            shown,
            false,
            0,
            0,
            null,
            null,
            null,
            false,
            "NEW refused it: " + t.refused());
      }
      boolean rowsSame = t.kinds().stream().noneMatch(ROWS::contains);
      boolean fast = t.verdict() == LatencyVerdict.SAME || t.verdict() == LatencyVerdict.IMPROVED;
      return new Cause.Fix(
          c.kind(),
          c.description(),
          shown,
          rowsSame,
          t.oldP50(),
          t.newP50(),
          t.ratio(),
          Double.isNaN(t.pValue()) ? null : t.pValue(),
          t.verdict().name(),
          rowsSame && fast,
          rowsSame ? null : "NEW returned other rows with it");
    } catch (SQLException e) {
      return new Cause.Fix(
          c.kind(),
          c.description(),
          c.sql() != null ? c.sql() : c.set(),
          false,
          0,
          0,
          null,
          null,
          null,
          false,
          "could not be measured: " + e.getMessage());
    }
  }

  /** NEW's optimizer_switch flags with their state, in the server's order. */
  private Map<String, String> switchFlags() {
    String v = delta.newValues().get("optimizer_switch");
    return v == null ? Map.of() : CompositeVariables.parts(CompositeVariables.Shape.SWITCH, v);
  }

  private static Candidate flip(String flag, Map<String, String> flags) {
    String to = CompositeVariables.ON.equals(flags.get(flag)) ? "off" : "on";
    return new Candidate(
        "optimizer_switch",
        "optimizer_switch " + flag + "=" + to,
        "SET SESSION optimizer_switch = '" + flag + "=" + to + "'",
        null);
  }

  /**
   * The flags that govern what changed in the plan and that NEW has: a rowid filter, index
   * condition pushdown, a join buffer, a semi-join strategy, index merge.
   */
  static Set<String> targetedFlags(PlanComparison plan, Map<String, String> flags) {
    Set<String> out = new LinkedHashSet<>();
    String changes = String.join("; ", plan.changes());
    if (changes.contains("rowid filter")) {
      out.add("rowid_filter");
    }
    if (changes.contains("index condition pushdown")) {
      out.add("index_condition_pushdown");
    }
    if (changes.contains("join buffer")) {
      out.addAll(List.of("join_cache_hashed", "join_cache_bka", "join_cache_incremental"));
      out.add("optimize_join_buffer_size");
    }
    if (changes.contains("subqueries")) {
      out.addAll(List.of("semijoin", "firstmatch", "loosescan", "materialization"));
    }
    if (changes.contains("index_merge") || changes.contains("access")) {
      out.add("index_merge");
    }
    out.removeIf(f -> !flags.containsKey(f)); // a flag this server has not
    return out;
  }

  private static boolean histogramsAdded(PlanComparison plan) {
    return plan.old() != null
        && plan.neu() != null
        && plan.old().histograms() != null
        && plan.old().histograms().isEmpty()
        && plan.neu().histograms() != null
        && !plan.neu().histograms().isEmpty();
  }
}
