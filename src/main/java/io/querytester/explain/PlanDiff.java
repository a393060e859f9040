package io.querytester.explain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What changed from one plan to another: every part that changes what a plan costs (join order,
 * each table's access, key, key length, rowid filter, index condition pushdown and join buffer, a
 * temporary table, a filesort, subquery strategies, the histograms used), so that "same plan" means
 * the same plan. Tables are matched by name (and occurrence, for a table read twice). Estimates are
 * kept apart: they move with statistics on every server, so a changed rows estimate alone is not
 * another plan.
 *
 * @param changes plan changes, in words ({@code p: access ALL -> ref})
 * @param estimates estimate changes, in words ({@code p: rows 500 -> 48})
 */
record PlanDiff(List<String> changes, List<String> estimates) {

  static PlanDiff of(Plan old, Plan neu) {
    List<String> changes = new ArrayList<>();
    List<String> estimates = new ArrayList<>();
    Map<String, Plan.Table> a = byKey(old);
    Map<String, Plan.Table> b = byKey(neu);
    if (a.keySet().equals(b.keySet())) {
      if (!old.joinOrder().equals(neu.joinOrder())) {
        changes.add("join order " + old.joinOrder() + " -> " + neu.joinOrder());
      }
    } else {
      a.keySet().stream()
          .filter(k -> !b.containsKey(k))
          .forEach(k -> changes.add(k + ": only on OLD"));
      b.keySet().stream()
          .filter(k -> !a.containsKey(k))
          .forEach(k -> changes.add(k + ": only on NEW"));
    }
    a.forEach(
        (k, t) -> {
          Plan.Table u = b.get(k);
          if (u != null) {
            change(changes, k, "access", t.access(), u.access());
            change(changes, k, "key", t.key(), u.key());
            change(changes, k, "key length", t.keyLength(), u.keyLength());
            change(changes, k, "rowid filter", t.rowidFilter(), u.rowidFilter());
            change(
                changes,
                k,
                "index condition pushdown",
                yes(Boolean.TRUE.equals(t.indexCondition())),
                yes(Boolean.TRUE.equals(u.indexCondition())));
            change(changes, k, "join buffer", t.joinBuffer(), u.joinBuffer());
            change(estimates, k, "rows", t.rows(), u.rows());
            change(estimates, k, "filtered", t.filtered(), u.filtered());
          }
        });
    change(changes, null, "temporary table", yes(old.temporary()), yes(neu.temporary()));
    change(changes, null, "filesort", yes(old.filesort()), yes(neu.filesort()));
    change(changes, null, "subqueries", list(old.subqueries()), list(neu.subqueries()));
    change(changes, null, "notes", list(old.notes()), list(neu.notes()));
    if (old.histograms() != null && neu.histograms() != null) {
      // a side without a trace says nothing about histograms, so only two traces compare
      change(changes, null, "histograms", list(old.histograms()), list(neu.histograms()));
    }
    return new PlanDiff(List.copyOf(changes), List.copyOf(estimates));
  }

  /** Tables by name; the second {@code t} of a plan is {@code t#2}. */
  static Map<String, Plan.Table> byKey(Plan p) {
    Map<String, Plan.Table> out = new LinkedHashMap<>();
    for (Plan.Table t : p.tables()) {
      String key = t.table();
      for (int n = 2; out.containsKey(key); n++) {
        key = t.table() + "#" + n;
      }
      out.put(key, t);
    }
    return out;
  }

  private static void change(List<String> out, String table, String what, Object a, Object b) {
    if (Objects.equals(text(a), text(b))) {
      return;
    }
    out.add((table == null ? what + ": " : table + ": " + what + " ") + text(a) + " -> " + text(b));
  }

  private static String text(Object v) {
    if (v == null) {
      return "none";
    }
    if (v instanceof Double d) {
      return d == Math.rint(d)
          ? String.valueOf(d.longValue())
          : String.format(java.util.Locale.ROOT, "%.2f", d);
    }
    return v.toString();
  }

  private static String yes(boolean b) {
    return b ? "yes" : "no";
  }

  private static String list(List<String> l) {
    return l.isEmpty() ? "none" : String.join(", ", l);
  }
}
