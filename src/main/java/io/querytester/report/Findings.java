package io.querytester.report;

import io.querytester.explain.Cause;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The listed classes with differences, grouped by what they share, so that one root cause reads as
 * one finding: the settings the cause step found to explain them; the same word replaced in their
 * first differing value ({@code utf8 -> utf8mb3}); the same error, warning or column change with
 * names and numbers masked; the same change of a value's shape ({@code NULL} became {@code a number
 * in exponent form}) with the same warnings. Within a verdict, the biggest group first.
 */
final class Findings {
  private Findings() {}

  /**
   * Classes with one cause.
   *
   * @param kind the difference kind, e.g. ERROR_NEW
   * @param why what they share, in words
   * @param cause the cause the step found, as it applies to them all; null when none
   * @param classes the classes, worst first
   */
  record Finding(String kind, String why, String cause, List<Report.ClassEntry> classes) {
    long executions() {
      return classes.stream().mapToLong(Report.ClassEntry::executions).sum();
    }

    String verdict() {
      return classes.getFirst().verdict();
    }
  }

  /**
   * A class's key and the finding's words when it is the first of its group: {@code why} for a
   * group, {@code own} for a class alone (its own message, not the masked one).
   */
  private record Key(Object key, String why, String own, String cause) {}

  static List<Finding> of(List<Report.ClassEntry> classes) {
    // What several classes may share is counted first: alone, a class keeps its own words.
    Map<Report.ClassEntry, Substitution> subs = new IdentityHashMap<>();
    Map<Report.ClassEntry, String> shapes = new IdentityHashMap<>();
    Map<Object, Integer> shared = new HashMap<>();
    for (Report.ClassEntry c : classes) {
      Substitution sub = Triage.substitution(c);
      if (sub != null) {
        subs.put(c, sub);
        shared.merge(sub, 1, Integer::sum);
      }
      String shape = shapeKey(c);
      if (shape != null) {
        shapes.put(c, shape);
        shared.merge(shape, 1, Integer::sum);
      }
    }
    Map<Object, List<Report.ClassEntry>> groups = new LinkedHashMap<>();
    Map<Object, Key> first = new HashMap<>();
    Map<Object, String> kinds = new HashMap<>();
    for (Report.ClassEntry c : classes) {
      Report.ClassDiff d = Triage.first(c);
      if (d == null) {
        continue;
      }
      Key k = key(c, d, subs.get(c), shapes.get(c), shared);
      groups.computeIfAbsent(k.key(), x -> new ArrayList<>()).add(c);
      first.putIfAbsent(k.key(), k);
      kinds.putIfAbsent(k.key(), d.kind());
    }
    List<String> verdicts = classes.stream().map(Report.ClassEntry::verdict).distinct().toList();
    List<Finding> out = new ArrayList<>();
    groups.forEach(
        (key, list) ->
            out.add(
                new Finding(
                    kinds.get(key),
                    list.size() > 1 ? first.get(key).why() : first.get(key).own(),
                    sharedCause(first.get(key).cause(), list),
                    List.copyOf(list))));
    // a stable sort: equal groups keep the order of their worst class
    out.sort(
        Comparator.comparingInt((Finding f) -> verdicts.indexOf(f.verdict()))
            .thenComparing(Comparator.comparingInt((Finding f) -> f.classes().size()).reversed()));
    return out;
  }

  private static Key key(
      Report.ClassEntry c,
      Report.ClassDiff d,
      Substitution sub,
      String shape,
      Map<Object, Integer> shared) {
    Cause.Attribution explained = settingsCause(c);
    if (explained != null) {
      TreeSet<String> settings = new TreeSet<>();
      explained.settings().forEach(s -> settings.add(s.describe()));
      String why =
          String.join(", ", settings)
              + ": "
              + explained.restore()
              + " restores OLD's behaviour (e.g. "
              + Triage.why(c)
              + ")";
      return new Key("SETTINGS " + settings, why, why, null);
    }
    String cause = c.cause() == null ? null : c.cause().summary();
    if (sub != null && shared.get(sub) > 1) {
      return new Key(sub, substitutionWhy(c, d, sub), substitutionWhy(c, d, sub), cause);
    }
    if (shape != null && shared.get(shape) > 1) {
      return new Key(shape, shapeWhy(c, d), shapeWhy(c, d), cause);
    }
    String key = Triage.cause(c, d);
    String why = findingWhy(c, d);
    // alone, a class reads in its own words; a column change reads without its columns' names
    String own = Triage.COLUMN_CAUSES.contains(d.kind()) ? why : Triage.why(c);
    return new Key(key, why, own, cause);
  }

  /** The first attribution of a class that names settings; null without one. */
  private static Cause.Attribution settingsCause(Report.ClassEntry c) {
    if (c.cause() == null) {
      return null;
    }
    return c.cause().attributions().stream()
        .filter(a -> Cause.SETTINGS.equals(a.status()) && !a.settings().isEmpty())
        .findFirst()
        .orElse(null);
  }

  /**
   * A result whose first differing value changed its shape, with the class's warnings and errors
   * masked; null when the value kept its shape (two texts, two numbers: that is no shared cause).
   */
  static String shapeKey(Report.ClassEntry c) {
    Report.ClassDiff d = Triage.first(c);
    if (d == null || !(d.kind().equals("RESULT") || d.kind().equals("ROW_COUNT"))) {
      return null;
    }
    Triage.FirstValue v = Triage.firstDifferingValue(c);
    if (v == null) {
      return null;
    }
    String a = FindingKeys.shape(v.old());
    String b = FindingKeys.shape(v.neu());
    if (a.equals(b)) {
      return null;
    }
    StringBuilder key = new StringBuilder(d.kind()).append(' ').append(a).append(" -> ").append(b);
    for (String kind : List.of("WARNINGS", "ERROR_NEW", "ERROR_CHANGED", "ERROR_TEXT")) {
      String detail = Triage.detail(c, kind);
      if (detail != null) {
        key.append(" | ").append(kind).append(' ').append(Triage.sharedDetail(kind, detail));
      }
    }
    return key.toString();
  }

  /** "result values: NULL on OLD became a number in exponent form on NEW, with ..., e.g. ...". */
  private static String shapeWhy(Report.ClassEntry c, Report.ClassDiff d) {
    Triage.FirstValue v = Triage.firstDifferingValue(c);
    String warnings = Triage.detail(c, "WARNINGS");
    return d.label()
        + ": "
        + FindingKeys.shape(v.old())
        + " on OLD became "
        + FindingKeys.shape(v.neu())
        + " on NEW"
        + (warnings == null ? "" : ", with warnings " + FindingKeys.maskedWarnings(warnings))
        + ", e.g. "
        + v.words();
  }

  /**
   * "result values: 'utf8' on OLD became 'utf8mb3' on NEW, e.g. `c` is 'utf8_general_ci' on OLD,
   * 'utf8mb3_general_ci' on NEW": the shared substitution, then the first class's value.
   */
  private static String substitutionWhy(Report.ClassEntry c, Report.ClassDiff d, Substitution s) {
    return d.label()
        + ": "
        + Triage.shown(s.old())
        + " on OLD became "
        + Triage.shown(s.neu())
        + " on NEW, e.g. "
        + Triage.firstDifferingValue(c).words();
  }

  /**
   * A shared detail reads without the first class's column names, a message with its names and
   * numbers masked (and the first class's own after it when masking changed it).
   */
  private static String findingWhy(Report.ClassEntry c, Report.ClassDiff d) {
    String detail = Triage.detail(c, d.kind());
    if (detail == null || !Triage.SHARED_CAUSES.contains(d.kind())) {
      return Triage.why(c);
    }
    String shared = Triage.sharedDetail(d.kind(), detail);
    if (Triage.COLUMN_CAUSES.contains(d.kind()) || shared.equals(detail)) {
      return d.label() + ": " + shared;
    }
    return d.label() + ": " + shared + " (e.g. " + detail + ")";
  }

  /**
   * The cause the group's classes share: the first class's when every class has the same status (a
   * group of classes no setting explains says so once); null otherwise.
   */
  private static String sharedCause(String first, List<Report.ClassEntry> classes) {
    if (first == null) {
      return null;
    }
    String status = classes.getFirst().cause().status();
    boolean same =
        classes.stream().allMatch(c -> c.cause() != null && status.equals(c.cause().status()));
    return same ? first : null;
  }
}
