package io.querytester.report;

import io.querytester.run.DataCheck;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A write replay's data comparison in words, the same in every output: a table's status, its line
 * (what differs, the first differing chunk and some of its keys) and a differing row.
 */
final class DataText {
  /** Keys named in a table's line; the rest are in the samples. */
  static final int KEYS = 5;

  private DataText() {}

  /**
   * What a table is, in one line: "3 rows differ: ...; first in chunk 2 of 4 (1000 < id <= 2000),
   * keys 1500, 2500, 3001", "missing on NEW: the table exists on OLD only", "equal (no key:
   * compared whole)".
   */
  static String line(DataCheck.Table t) {
    StringBuilder b = new StringBuilder();
    if (t.status() == DataCheck.Status.DIFFERENT) {
      b.append(t.detail());
      if (t.first() != null) {
        b.append("; first in ").append(chunk(t));
      }
      String keys = keys(t);
      if (!keys.isEmpty()) {
        b.append(", keys ").append(keys);
      }
    } else {
      b.append(t.status().words());
      if (t.detail() != null && t.status() != DataCheck.Status.EQUAL) {
        b.append(": ").append(t.detail());
      }
    }
    if (t.key().isEmpty() && t.chunks() > 0) {
      b.append(" (no key: compared whole)");
    }
    return b.toString();
  }

  /** "chunk 2 of 4 (1000 < id <= 2000)". */
  static String chunk(DataCheck.Table t) {
    return "chunk "
        + (t.first().index() + 1)
        + " of "
        + t.chunks()
        + " ("
        + t.first().range(t.keyColumns())
        + ")";
  }

  /** The first differing rows' keys: "1500, 2500", "(1, 'a'), (2, 'b')"; empty without a key. */
  static String keys(DataCheck.Table t) {
    List<String> keys =
        t.samples().stream()
            .map(DataCheck.Row::key)
            .filter(k -> !k.isEmpty())
            .limit(KEYS)
            .map(k -> k.size() == 1 ? k.get(0) : "(" + String.join(", ", k) + ")")
            .toList();
    long more = t.onlyOld() + t.onlyNew() + t.different() - keys.size();
    return String.join(", ", keys) + (keys.isEmpty() || more <= 0 ? "" : " and " + more + " more");
  }

  /**
   * A differing row: "key 1500: v 'v1500' -> 'changed'", "key 2500 on OLD only: id=2500,
   * v='v2500'", "on NEW only: a=1, b='x'".
   */
  static String row(DataCheck.Row r) {
    String key = r.key().isEmpty() ? "" : "key " + String.join(", ", r.key());
    return switch (r.kind()) {
      case DIFFERENT ->
          key
              + ": "
              + r.columns().stream()
                  .map(c -> c + " " + r.old().get(c) + " -> " + r.neu().get(c))
                  .collect(Collectors.joining(", "));
      case ONLY_OLD -> (key.isEmpty() ? "" : key + " ") + "on OLD only: " + values(r.old());
      case ONLY_NEW -> (key.isEmpty() ? "" : key + " ") + "on NEW only: " + values(r.neu());
    };
  }

  private static String values(Map<String, String> row) {
    return row.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
