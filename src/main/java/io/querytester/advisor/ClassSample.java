package io.querytester.advisor;

import io.querytester.workload.QueryClass;
import io.querytester.workload.SqlToken;
import io.querytester.workload.StatementKind;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A query class of the workload as rules see it: its first distinct statements and how often it
 * ran. A class shares its text up to literals, and most rules are about names, functions and
 * syntax; the few that read literals (a DATE_FORMAT format) see several texts of the class.
 *
 * @param classId the query class
 * @param kind its statement kind
 * @param events how many events of the workload are in the class
 * @param texts its first {@value #TEXTS} distinct statements, with their tokens
 */
record ClassSample(String classId, StatementKind kind, long events, List<Text> texts) {
  static final int TEXTS = 10;

  /** A statement and its tokens. */
  record Text(String sql, List<SqlToken> tokens) {}

  /** The workload's header and classes, in order of first appearance. */
  record Workload(WorkloadHeader header, long events, List<ClassSample> classes) {}

  static Workload read(Path file, Consumer<String> warnings) {
    Map<String, long[]> counts = new LinkedHashMap<>();
    Map<String, Set<String>> examples = new LinkedHashMap<>();
    Map<String, StatementKind> kinds = new LinkedHashMap<>();
    long events = 0;
    WorkloadHeader header;
    try (WorkloadReader reader = WorkloadReader.open(file, warnings)) {
      header = reader.header();
      for (WorkloadReader.Entry e : reader) {
        String sql = e.event().sql();
        QueryClass qc = QueryClass.of(sql);
        events++;
        counts.computeIfAbsent(qc.classId(), k -> new long[1])[0]++;
        Set<String> texts = examples.computeIfAbsent(qc.classId(), k -> new LinkedHashSet<>());
        if (texts.size() < TEXTS) {
          texts.add(sql);
        }
        kinds.putIfAbsent(qc.classId(), qc.kind());
      }
    } catch (java.io.IOException e) {
      throw new io.querytester.BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
    List<ClassSample> classes = new ArrayList<>();
    counts.forEach(
        (id, n) ->
            classes.add(
                new ClassSample(
                    id,
                    kinds.get(id),
                    n[0],
                    examples.get(id).stream().map(t -> new Text(t, SqlToken.of(t))).toList())));
    return new Workload(header, events, classes);
  }

  static ClassSample of(String classId, StatementKind kind, long events, String sql) {
    return new ClassSample(classId, kind, events, List.of(new Text(sql, SqlToken.of(sql))));
  }
}
