package io.querytester.drift;

import java.util.List;
import java.util.Map;

/**
 * One row that differs between the source and a replica.
 *
 * @param kind missing on the replica, extra on the replica, or different
 * @param key the key's SQL literals (empty for a table without a key)
 * @param columns for DIFFERENT, the columns whose values differ
 * @param source the source's row as column to SQL literal (empty when missing there)
 * @param replica the replica's row as column to SQL literal (empty when missing there)
 */
public record RowDifference(
    Kind kind,
    List<String> key,
    List<String> columns,
    Map<String, String> source,
    Map<String, String> replica) {

  public enum Kind {
    MISSING,
    EXTRA,
    DIFFERENT
  }

  public RowDifference {
    key = List.copyOf(key);
    columns = List.copyOf(columns);
    source = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(source));
    replica = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(replica));
  }
}
