package io.querytester.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a person reads first in report.html: each class's first difference in words ("why"), and the
 * classes that share one cause grouped into one finding, so that twenty queries failing with the
 * same error, losing the same column type or returning the same renamed value (utf8 -> utf8mb3)
 * read as one thing to fix. Computed from the report's model alone.
 */
final class Triage {
  /** Kinds whose detail text names a cause that other classes can share. */
  private static final Set<String> SHARED_CAUSES =
      Set.of(
          "CRASH",
          "ERROR_NEW",
          "ERROR_CHANGED",
          "ERROR_FIXED",
          "TIMEOUT",
          "TIMEOUT_FIXED",
          "CONNECTION_LOST",
          "METADATA",
          "METADATA_WIDTH",
          "COLUMN_DEFINITION",
          "ERROR_TEXT",
          "WARNINGS");

  /** Kinds whose detail lists changes per column ("`a`: ...; `b`: ..."). */
  private static final Set<String> COLUMN_CAUSES =
      Set.of("METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION");

  private Triage() {}

  /**
   * Classes with one cause.
   *
   * @param kind the difference kind, e.g. ERROR_NEW
   * @param why the first class's difference in words
   * @param classes the classes, worst first
   */
  record Finding(String kind, String why, List<Report.ClassEntry> classes) {
    long executions() {
      return classes.stream().mapToLong(Report.ClassEntry::executions).sum();
    }

    String verdict() {
      return classes.getFirst().verdict();
    }
  }

  /** The first difference of a class in words; empty when there is none. */
  static String why(Report.ClassEntry c) {
    Report.ClassDiff d = first(c);
    if (d == null) {
      if (!c.nondeterminism().isEmpty()) {
        return "nondeterministic: " + c.nondeterminism().getFirst();
      }
      return c.skipped() > 0 && c.executions() == 0 ? "not replayed: " + c.skipReason() : "";
    }
    if (d.kind().equals("LATENCY")) {
      return "slower: " + latency(c.latency());
    }
    FirstValue value = d.kind().equals("RESULT") ? firstDifferingValue(c) : null;
    String detail = value != null ? value.words() : detail(c, d.kind());
    return detail == null
        ? d.label() + " in " + d.executions() + " of " + c.executions() + " executions"
        : d.label() + ": " + detail;
  }

  /**
   * The first value that differs in the first pair of rows with the same key, or null without one.
   *
   * @param column its column's name
   * @param old its value on OLD (null: SQL NULL)
   * @param neu its value on NEW
   */
  record FirstValue(String column, String old, String neu) {
    /** "`ordered_at` is '2024-04-05T04:10:42z' on OLD, '2024-04-05T04:10:42+0000' on NEW". */
    String words() {
      return "`" + column + "` is " + shown(old) + " on OLD, " + shown(neu) + " on NEW";
    }
  }

  static FirstValue firstDifferingValue(Report.ClassEntry c) {
    for (Report.Example e : c.examples()) {
      for (Report.Diff d : e.differences()) {
        Report.Samples s = d.samples();
        // Rows paired by position may be different rows: their first difference says nothing.
        if (s == null || !HtmlClassDetail.byKey(s.onlyOld(), s.onlyNew())) {
          continue;
        }
        for (int[] p : HtmlClassDetail.pair(s.onlyOld(), s.onlyNew())) {
          if (p[0] >= 0 && p[1] >= 0) {
            List<String> old = s.onlyOld().get(p[0]);
            List<String> neu = s.onlyNew().get(p[1]);
            for (int i = 0;
                i < Math.min(s.columns().size(), Math.min(old.size(), neu.size()));
                i++) {
              if (!java.util.Objects.equals(old.get(i), neu.get(i))) {
                return new FirstValue(s.columns().get(i), old.get(i), neu.get(i));
              }
            }
          }
        }
      }
    }
    return null;
  }

  private static String shown(String value) {
    // Spaces kept as they are: a trailing one may be the whole difference.
    return value == null
        ? "NULL"
        : "'" + Units.abbreviate(value.replaceAll("[\r\n\t]+", " "), 60) + "'";
  }

  /**
   * Classes with differences, grouped by cause; in the order of their worst class. Classes whose
   * first differing value shows the same substitution (utf8 -> utf8mb3) share a finding when two or
   * more do; otherwise a value difference is its class's own.
   */
  static List<Finding> findings(List<Report.ClassEntry> classes) {
    // Each class's substitution once: finding it walks the class's examples and their samples.
    Map<Report.ClassEntry, Substitution> subs = new IdentityHashMap<>();
    Map<Substitution, Integer> substitutions = new HashMap<>();
    for (Report.ClassEntry c : classes) {
      Substitution sub = substitution(c);
      if (sub != null) {
        subs.put(c, sub);
        substitutions.merge(sub, 1, Integer::sum);
      }
    }
    Map<Object, List<Report.ClassEntry>> groups = new LinkedHashMap<>();
    Map<Object, String[]> first = new LinkedHashMap<>();
    for (Report.ClassEntry c : classes) {
      Report.ClassDiff d = first(c);
      if (d == null) {
        continue;
      }
      Substitution sub = subs.get(c);
      boolean shared = sub != null && substitutions.get(sub) > 1;
      Object key = shared ? sub : cause(c, d);
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
      first.putIfAbsent(
          key, new String[] {d.kind(), shared ? substitutionWhy(c, d, sub) : findingWhy(c, d)});
    }
    List<Finding> out = new ArrayList<>();
    groups.forEach(
        (key, list) ->
            out.add(new Finding(first.get(key)[0], first.get(key)[1], List.copyOf(list))));
    return out;
  }

  /**
   * What replaced what in the class's first differing value; null when that is no value, or when
   * either side has no letter: '0' -> '1' (a count, a flag) or 10:00:00 -> 10:00:01 in two classes
   * is a coincidence, not one cause.
   */
  static Substitution substitution(Report.ClassEntry c) {
    Report.ClassDiff d = first(c);
    FirstValue v = d != null && d.kind().equals("RESULT") ? firstDifferingValue(c) : null;
    Substitution s = v == null ? null : Substitution.of(v.old(), v.neu());
    return s != null && hasLetter(s.old()) && hasLetter(s.neu()) ? s : null;
  }

  private static boolean hasLetter(String s) {
    return s != null && s.chars().anyMatch(Character::isLetter);
  }

  /**
   * "result values: 'utf8' on OLD became 'utf8mb3' on NEW, e.g. `c` is 'utf8_general_ci' on OLD,
   * 'utf8mb3_general_ci' on NEW": the shared substitution, then the first class's value.
   */
  private static String substitutionWhy(Report.ClassEntry c, Report.ClassDiff d, Substitution s) {
    return d.label()
        + ": "
        + shown(s.old())
        + " on OLD became "
        + shown(s.neu())
        + " on NEW, e.g. "
        + firstDifferingValue(c).words();
  }

  /** A column change reads without the first class's column names: it is every class's cause. */
  private static String findingWhy(Report.ClassEntry c, Report.ClassDiff d) {
    String detail = detail(c, d.kind());
    return COLUMN_CAUSES.contains(d.kind()) && detail != null
        ? d.label() + ": " + columnChanges(detail)
        : why(c);
  }

  /**
   * What classes must have in common to share a finding: the kind, and for kinds whose detail names
   * a cause, that detail without the class's own column names.
   */
  static String cause(Report.ClassEntry c, Report.ClassDiff d) {
    String detail = detail(c, d.kind());
    if (d.kind().equals("CRASH")) {
      return "CRASH";
    }
    if (!SHARED_CAUSES.contains(d.kind()) || detail == null) {
      return d.kind() + " " + c.classId();
    }
    return d.kind() + " " + (COLUMN_CAUSES.contains(d.kind()) ? columnChanges(detail) : detail);
  }

  /**
   * "`a`: BIGINT -> INT; `b`: BIGINT -> INT, length 7 -> 8" becomes "BIGINT -> INT": the same type
   * change on other columns, whatever their display lengths, is the same cause.
   */
  static String columnChanges(String detail) {
    Set<String> changes = new TreeSet<>();
    for (String part : detail.split("; ")) {
      // "BIGINT -> INT, length 7 -> 8": the type change is the cause; lengths follow the column.
      changes.add(
          part.replaceFirst("^`[^`]*`: ", "").replaceFirst("^([A-Z ]+ -> [A-Z ]+), .*", "$1"));
    }
    return String.join("; ", changes);
  }

  /** The class's first difference that fails the run, else its first. */
  private static Report.ClassDiff first(Report.ClassEntry c) {
    for (Report.ClassDiff d : c.differences()) {
      if (d.failsGate() && d.acceptedReason() == null) {
        return d;
      }
    }
    return c.differences().isEmpty() ? null : c.differences().getFirst();
  }

  /** The first detail of a difference of this kind (null: of any kind) in the class's examples. */
  static String detail(Report.ClassEntry c, String kind) {
    for (Report.Example e : c.examples()) {
      for (Report.Diff d : e.differences()) {
        if ((kind == null || d.kind().equals(kind))
            && d.detail() != null
            && !d.detail().isBlank()) {
          return d.detail();
        }
      }
    }
    return null;
  }

  /** "p50 1.2ms -> 3.4ms, p99 2.0ms -> 9.1ms (p=0.0012)". */
  static String latency(Report.Latency l) {
    return String.format(
        Locale.ROOT,
        "p50 %s -> %s, p99 %s -> %s%s",
        Units.micros(l.old().p50()),
        Units.micros(l.neu().p50()),
        Units.micros(l.old().p99()),
        Units.micros(l.neu().p99()),
        l.pValue() == null ? "" : String.format(Locale.ROOT, " (p=%.2g)", l.pValue()));
  }
}
