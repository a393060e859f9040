package io.querytester.report;

import io.querytester.TextCut;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a person reads first in report.html: each class's first difference in words ("why"), and
 * what a difference shares with other classes' (a column change without its columns, a message with
 * its names masked, the word a value replaced), from which {@link Findings} groups them. Computed
 * from the report's model alone.
 */
final class Triage {
  /** Kinds whose detail text names a cause that other classes can share. */
  static final Set<String> SHARED_CAUSES =
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
  static final Set<String> COLUMN_CAUSES =
      Set.of("METADATA", "METADATA_WIDTH", "COLUMN_DEFINITION");

  private Triage() {}

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

  static String shown(String value) {
    // Spaces kept as they are: a trailing one may be the whole difference.
    return value == null
        ? "NULL"
        : "'" + TextCut.abbreviate(value.replaceAll("[\r\n\t]+", " "), 60) + "'";
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
    return d.kind() + " " + sharedDetail(d.kind(), detail);
  }

  /**
   * A detail as classes share it: a column change without the columns' names, a message with its
   * names and numbers masked, warnings each once.
   */
  static String sharedDetail(String kind, String detail) {
    if (COLUMN_CAUSES.contains(kind)) {
      return columnChanges(detail);
    }
    return kind.equals("WARNINGS")
        ? FindingKeys.maskedWarnings(detail)
        : FindingKeys.masked(detail);
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
  static Report.ClassDiff first(Report.ClassEntry c) {
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
