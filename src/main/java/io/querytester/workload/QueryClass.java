package io.querytester.workload;

import java.util.HashMap;
import java.util.Map;

/**
 * The part of a {@link SqlProfile} that capture needs for every event, its query class and
 * statement kind, without the nondeterminism scan: about twice as fast on a slow log of a million
 * events.
 *
 * @param classId the same id as {@link SqlProfile#classId()}
 * @param kind the same kind as {@link SqlProfile#kind()}
 */
public record QueryClass(String classId, StatementKind kind) {
  private static final int CACHE_LIMIT = 100_000;

  /** Fingerprint to class id: a workload has few classes, and MD5 per event adds up. */
  private static final ThreadLocal<Map<String, String>> IDS = ThreadLocal.withInitial(HashMap::new);

  public static QueryClass of(String sql) {
    String text = sql == null ? "" : sql;
    String fp = Fingerprint.of(text);
    Map<String, String> ids = IDS.get();
    String id = ids.get(fp);
    if (id == null) {
      if (ids.size() >= CACHE_LIMIT) {
        ids.clear();
      }
      id = SqlAnalyzer.classId(fp);
      ids.put(fp, id);
    }
    return new QueryClass(id, PreparedTemplate.kindOf(text, StatementClassifier.classify(text)));
  }
}
