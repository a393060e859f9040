package io.querytester.capture;

import io.querytester.workload.QueryClass;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.StatementKind;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which events a capture keeps. Include sets, when not empty, keep only matching events; exclude
 * sets drop matching events; then sampling keeps one event in {@code sampleOneIn} and at most
 * {@code maxPerClass} events of each query class.
 *
 * @param includeSchemas keep only these default schemas (an event without one does not match)
 * @param excludeSchemas drop these schemas
 * @param includeUsers keep only these users
 * @param excludeUsers drop these users
 * @param includeKinds keep only these statement kinds
 * @param excludeKinds drop these statement kinds
 * @param match keep only statements in which this regex is found
 * @param excludeMatch drop statements in which this regex is found
 * @param includeClasses keep only these class ids (16 hex digits, any case)
 * @param excludeClasses drop these class ids
 * @param sampleOneIn keep one event in N (1 keeps all)
 * @param maxPerClass keep at most this many events per class (0 for no limit)
 */
public record CaptureFilter(
    Set<String> includeSchemas,
    Set<String> excludeSchemas,
    Set<String> includeUsers,
    Set<String> excludeUsers,
    Set<StatementKind> includeKinds,
    Set<StatementKind> excludeKinds,
    Pattern match,
    Pattern excludeMatch,
    Set<String> includeClasses,
    Set<String> excludeClasses,
    int sampleOneIn,
    int maxPerClass) {

  public CaptureFilter {
    includeSchemas = Set.copyOf(includeSchemas);
    excludeSchemas = Set.copyOf(excludeSchemas);
    includeUsers = Set.copyOf(includeUsers);
    excludeUsers = Set.copyOf(excludeUsers);
    includeKinds = Set.copyOf(includeKinds);
    excludeKinds = Set.copyOf(excludeKinds);
    includeClasses = upper(includeClasses);
    excludeClasses = upper(excludeClasses);
    if (sampleOneIn < 1) {
      throw new IllegalArgumentException("sampleOneIn must be at least 1");
    }
    if (maxPerClass < 0) {
      throw new IllegalArgumentException("maxPerClass must not be negative");
    }
  }

  public static CaptureFilter none() {
    return new CaptureFilter(
        Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), null, null, Set.of(), Set.of(),
        1, 0);
  }

  /** Why the event is dropped (the counter it is summed under), or null to keep it. */
  String reject(QueryEvent e, QueryClass p) {
    // Set.of(...).contains(null) throws: an event with no schema (or user) is simply not included.
    if (!includeSchemas.isEmpty() && (e.schema() == null || !includeSchemas.contains(e.schema()))) {
      return "schema";
    }
    if (e.schema() != null && excludeSchemas.contains(e.schema())) {
      return "schema";
    }
    if (!includeUsers.isEmpty() && (e.user() == null || !includeUsers.contains(e.user()))) {
      return "user";
    }
    if (e.user() != null && excludeUsers.contains(e.user())) {
      return "user";
    }
    if (!includeKinds.isEmpty() && !includeKinds.contains(p.kind())) {
      return "kind";
    }
    if (excludeKinds.contains(p.kind())) {
      return "kind";
    }
    if (match != null && !match.matcher(e.sql()).find()) {
      return "regex";
    }
    if (excludeMatch != null && excludeMatch.matcher(e.sql()).find()) {
      return "regex";
    }
    if (!includeClasses.isEmpty() && !includeClasses.contains(p.classId())) {
      return "class";
    }
    if (excludeClasses.contains(p.classId())) {
      return "class";
    }
    return null;
  }

  /** The filters as the user gave them, for the workload header; empty ones are left out. */
  public Map<String, String> describe() {
    Map<String, String> m = new LinkedHashMap<>();
    put(m, "include-schema", includeSchemas);
    put(m, "exclude-schema", excludeSchemas);
    put(m, "include-user", includeUsers);
    put(m, "exclude-user", excludeUsers);
    put(m, "include-kind", includeKinds);
    put(m, "exclude-kind", excludeKinds);
    if (match != null) {
      m.put("match", match.pattern());
    }
    if (excludeMatch != null) {
      m.put("exclude-match", excludeMatch.pattern());
    }
    put(m, "include-class", includeClasses);
    put(m, "exclude-class", excludeClasses);
    if (sampleOneIn > 1) {
      m.put("sample", "1/" + sampleOneIn);
    }
    if (maxPerClass > 0) {
      m.put("max-per-class", Integer.toString(maxPerClass));
    }
    return m;
  }

  private static void put(Map<String, String> m, String key, Set<?> values) {
    if (!values.isEmpty()) {
      m.put(key, values.stream().map(String::valueOf).sorted().collect(Collectors.joining(",")));
    }
  }

  private static Set<String> upper(Set<String> ids) {
    return ids.stream()
        .map(s -> s.toUpperCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }
}
