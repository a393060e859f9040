package io.querytester.drift;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the rows behind a checksum mismatch. First pass: key and row hash of every row in the chunk
 * on both sides (the replica read after it reached the source's position), compared in memory.
 * Second pass, for at most {@code limit} of them: the full rows by key, read again on both sides
 * the same way, so a row that merely changed on the source in between is not reported. Tables
 * without a key compare how often each row hash occurs instead.
 */
final class RowDiff {
  /** What a drifted chunk holds. */
  record Found(long missing, long extra, long different, List<RowDifference> rows) {}

  private final TableDef table;
  private final ChecksumQuery query;
  private final Consistency consistency;

  RowDiff(TableDef table, ChecksumQuery query, Consistency consistency) {
    this.table = table;
    this.query = query;
    this.consistency = consistency;
  }

  /** Empty when the replica did not reach the source's position in time. */
  Optional<Found> diff(Side source, Side replica, KeyRange range, int limit)
      throws SQLException, InterruptedException {
    return table.chunked() ? keyed(source, replica, range, limit) : unkeyed(source, replica, limit);
  }

  private Optional<Found> keyed(Side source, Side replica, KeyRange range, int limit)
      throws SQLException, InterruptedException {
    String sql = query.rowHashes(range);
    Map<List<String>, String> src = hashesByKey(source.connection(), sql);
    if (!consistency.catchUp(source, replica)) {
      return Optional.empty();
    }
    Map<List<String>, String> rep = hashesByKey(replica.connection(), sql);
    List<List<String>> candidates = new ArrayList<>();
    src.forEach((k, h) -> addIf(!h.equals(rep.get(k)), candidates, k));
    rep.keySet().forEach(k -> addIf(!src.containsKey(k), candidates, k));
    List<List<String>> sample = candidates.subList(0, Math.min(limit, candidates.size()));
    // Second pass: read the sampled rows again, the replica after catching up once more.
    Map<List<String>, Optional<Row>> srcRows = rowsByKey(source.connection(), sample);
    if (!consistency.catchUp(source, replica)) {
      return Optional.empty();
    }
    Map<List<String>, Optional<Row>> repRows = rowsByKey(replica.connection(), sample);
    List<RowDifference> rows = new ArrayList<>();
    for (List<String> k : sample) {
      compare(k, srcRows.get(k), repRows.get(k)).ifPresent(rows::add);
    }
    long settled = sample.size() - rows.size();
    long[] counts = count(rows);
    // Candidates beyond the sample are counted from the first pass.
    long missing = counts[0], extra = counts[1], different = counts[2];
    for (List<String> k : candidates.subList(sample.size(), candidates.size())) {
      if (!rep.containsKey(k)) {
        missing++;
      } else if (!src.containsKey(k)) {
        extra++;
      } else {
        different++;
      }
    }
    return Optional.of(
        settled == sample.size() && candidates.size() == sample.size()
            ? new Found(0, 0, 0, List.of())
            : new Found(missing, extra, different, rows));
  }

  private Optional<Found> unkeyed(Side source, Side replica, int limit)
      throws SQLException, InterruptedException {
    String sql = query.hashCounts();
    Map<String, Long> src = hashCounts(source.connection(), sql);
    if (!consistency.catchUp(source, replica)) {
      return Optional.empty();
    }
    Map<String, Long> rep = hashCounts(replica.connection(), sql);
    long missing = 0, extra = 0;
    List<RowDifference> rows = new ArrayList<>();
    Map<String, Long> all = new LinkedHashMap<>(src);
    rep.forEach((h, n) -> all.putIfAbsent(h, 0L));
    for (String h : all.keySet()) {
      long d = src.getOrDefault(h, 0L) - rep.getOrDefault(h, 0L);
      if (d == 0) {
        continue;
      }
      Side holder = d > 0 ? source : replica;
      RowDifference.Kind kind = d > 0 ? RowDifference.Kind.MISSING : RowDifference.Kind.EXTRA;
      if (d > 0) {
        missing += d;
      } else {
        extra -= d;
      }
      int take = (int) Math.min(Math.abs(d), limit - rows.size());
      if (take > 0) {
        for (Row r : rowsWhere(holder.connection(), query.rowsByHash(h, take))) {
          Map<String, String> values = r.values(table.columns());
          rows.add(
              new RowDifference(
                  kind,
                  List.of(),
                  List.of(),
                  d > 0 ? values : Map.of(),
                  d > 0 ? Map.of() : values));
        }
      }
    }
    return Optional.of(new Found(missing, extra, 0, rows));
  }

  private Optional<RowDifference> compare(List<String> key, Optional<Row> src, Optional<Row> rep) {
    if (src.isEmpty() && rep.isEmpty()) {
      return Optional.empty(); // deleted on the source meanwhile, and the replica followed
    }
    if (rep.isEmpty()) {
      return Optional.of(
          new RowDifference(
              RowDifference.Kind.MISSING,
              key,
              List.of(),
              src.get().values(table.columns()),
              Map.of()));
    }
    if (src.isEmpty()) {
      return Optional.of(
          new RowDifference(
              RowDifference.Kind.EXTRA,
              key,
              List.of(),
              Map.of(),
              rep.get().values(table.columns())));
    }
    List<String> differing = new ArrayList<>();
    for (int i = 0; i < table.columns().size(); i++) {
      if (!java.util.Objects.equals(src.get().normalized().get(i), rep.get().normalized().get(i))) {
        differing.add(table.columns().get(i).name());
      }
    }
    if (differing.isEmpty()) {
      return Optional.empty(); // changed on the source meanwhile, and the replica followed
    }
    return Optional.of(
        new RowDifference(
            RowDifference.Kind.DIFFERENT,
            key,
            differing,
            src.get().values(table.columns()),
            rep.get().values(table.columns())));
  }

  private static long[] count(List<RowDifference> rows) {
    long[] c = new long[3];
    rows.forEach(r -> c[r.kind().ordinal()]++);
    return c;
  }

  private static <T> void addIf(boolean condition, List<T> list, T item) {
    if (condition) {
      list.add(item);
    }
  }

  private Map<List<String>, String> hashesByKey(Connection c, String sql) throws SQLException {
    int n = table.key().size();
    Map<List<String>, String> map = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        List<String> key = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          key.add(literal(rs.getString(i)));
        }
        map.put(List.copyOf(key), rs.getString(n + 1));
      }
    }
    return map;
  }

  private static Map<String, Long> hashCounts(Connection c, String sql) throws SQLException {
    Map<String, Long> map = new HashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        map.put(rs.getString(1), rs.getLong(2));
      }
    }
    return map;
  }

  private Map<List<String>, Optional<Row>> rowsByKey(Connection c, List<List<String>> keys)
      throws SQLException {
    Map<List<String>, Optional<Row>> rows = new HashMap<>();
    for (List<String> k : keys) {
      List<Row> found = rowsWhere(c, query.rowByKey(k));
      rows.put(k, found.stream().findFirst());
    }
    return rows;
  }

  private List<Row> rowsWhere(Connection c, String sql) throws SQLException {
    int n = table.columns().size();
    List<Row> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        List<String> literals = new ArrayList<>(n);
        List<String> normalized = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          literals.add(literal(rs.getString(i)));
          normalized.add(rs.getString(n + i));
        }
        rows.add(new Row(literals, normalized));
      }
    }
    return rows;
  }

  /** QUOTE(NULL) gives the word NULL; CONCAT with NULL gives SQL NULL: both mean NULL. */
  private static String literal(String s) {
    return s == null ? "NULL" : s;
  }

  /** A row as literals (for people and repair SQL) and as normalized text (for comparing). */
  private record Row(List<String> literals, List<String> normalized) {
    Map<String, String> values(List<Column> columns) {
      Map<String, String> m = new LinkedHashMap<>();
      for (int i = 0; i < columns.size(); i++) {
        m.put(columns.get(i).name(), literals.get(i));
      }
      return m;
    }
  }
}
