package io.querytester.capture;

import io.querytester.workload.ClassCoverage;
import io.querytester.workload.ClassCoverage.ServerClass;
import io.querytester.workload.DigestKey;
import io.querytester.workload.PreparedTemplate;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server's own count of query classes over a capture, and which of them the capture saw.
 *
 * <p>{@code events_statements_summary_by_digest} counts every execution per class (schema and
 * digest): read at the start and at the end, the difference is what ran during the capture. A
 * captured event belongs to a class by the digest the source gave (performance_schema) or else by
 * {@link DigestKey} of its text. MariaDB leaves executions of prepared statements out of that
 * table; {@code prepared_statements_instances} counts them per prepared statement (while it is
 * open), so those classes are added by their template text. Memory grows with classes, never with
 * events.
 */
final class DigestCoverage {
  static final String DIGESTS = "performance_schema.events_statements_summary_by_digest";
  private static final String PREPARED = "performance_schema.prepared_statements_instances";

  /** Counts of one class at one moment. */
  private record Count(String schema, String digest, String text, long executions) {}

  /** How often open prepared statements are read again, so one closed meanwhile still counts. */
  private static final long PREPARED_EVERY_NANOS = 1_000_000_000L;

  private Map<String, Count> digestsBefore;
  private Map<String, Count> preparedBefore;
  private final Map<String, Count> preparedLast = new HashMap<>();
  private long preparedReadAt;
  private final Map<String, long[]> byDigest = new HashMap<>();
  private final Map<String, long[]> byKey = new HashMap<>();
  private String unavailable;

  /** Reads the server's counts at the start; a server without them only makes coverage unknown. */
  void start(SourceConnection db) {
    try {
      digestsBefore = digests(db);
    } catch (SQLException e) {
      unavailable = e.getMessage();
      return;
    }
    preparedBefore = prepared(db);
    preparedLast.putAll(preparedBefore);
    preparedReadAt = System.nanoTime();
  }

  /**
   * Between polls: reads the open prepared statements again (at most once a second), since a client
   * that disconnects takes its statements and their counts out of the table.
   */
  void poll(SourceConnection db) {
    if (preparedBefore != null && System.nanoTime() - preparedReadAt > PREPARED_EVERY_NANOS) {
      preparedLast.putAll(prepared(db));
      preparedReadAt = System.nanoTime();
    }
  }

  /** One captured event, with the server's digest of it when the source knows it. */
  void saw(String sql, String digest) {
    boolean template = PreparedTemplate.hasPlaceholder(sql);
    long[] n =
        digest != null
            ? byDigest.computeIfAbsent(digest, d -> new long[2])
            : byKey.computeIfAbsent(DigestKey.of(sql), k -> new long[2]);
    n[template ? 1 : 0]++;
    if (byKey.size() > 100_000) {
      byKey.clear(); // a workload of endless distinct texts: coverage is meaningless anyway
    }
  }

  /** Why there is no coverage, or null. */
  String unavailable() {
    return unavailable;
  }

  /** Reads the counts again and matches; null when the server keeps no digest summary. */
  ClassCoverage finish(SourceConnection db) {
    if (digestsBefore == null) {
      return null;
    }
    Map<String, Count> after;
    try {
      after = digests(db);
    } catch (SQLException e) {
      unavailable = e.getMessage();
      return null;
    }
    Set<String> own = new HashSet<>();
    db.texts().forEach(t -> own.add(DigestKey.of(t)));
    List<ServerClass> classes = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    forEachRan(
        digestsBefore,
        after,
        (c, ran, key) -> {
          if (!own.contains(key)) {
            keys.add(key);
            classes.add(serverClass(c.schema(), c.digest(), c.text(), ran, key));
          }
        });
    addPrepared(db, keys, classes);
    classes.sort(
        Comparator.comparingLong(ServerClass::executions)
            .reversed()
            .thenComparing(ServerClass::text, Comparator.nullsLast(Comparator.naturalOrder())));
    return new ClassCoverage(DIGESTS, classes);
  }

  private ServerClass serverClass(String schema, String digest, String text, long ran, String key) {
    long[] exact = digest == null ? null : byDigest.get(digest);
    long[] byText = byKey.get(key);
    long captured = (exact == null ? 0 : exact[0]) + (byText == null ? 0 : byText[0]);
    long templates = (exact == null ? 0 : exact[1]) + (byText == null ? 0 : byText[1]);
    return new ServerClass(digest, schema, text, ran, captured, templates);
  }

  /** Prepared statements the digest table does not count (MariaDB), grouped by template. */
  private void addPrepared(SourceConnection db, Set<String> digestKeys, List<ServerClass> out) {
    if (preparedBefore == null) {
      return;
    }
    Map<String, long[]> ranByKey = new HashMap<>();
    Map<String, String> textByKey = new HashMap<>();
    preparedLast.putAll(prepared(db));
    forEachRan(
        preparedBefore,
        preparedLast,
        (c, ran, key) -> {
          if (!digestKeys.contains(key)) {
            ranByKey.computeIfAbsent(key, k -> new long[1])[0] += ran;
            textByKey.putIfAbsent(key, c.text());
          }
        });
    ranByKey.forEach(
        (key, ran) -> out.add(serverClass(null, null, textByKey.get(key), ran[0], key)));
  }

  /** A class that ran during the capture: its counts, executions since the start, its key. */
  private interface Ran {
    void accept(Count now, long ran, String key);
  }

  private static void forEachRan(Map<String, Count> before, Map<String, Count> after, Ran action) {
    after.forEach(
        (id, c) -> {
          long ran = ranSince(before.get(id), c);
          if (ran > 0) {
            action.accept(c, ran, DigestKey.of(c.text()));
          }
        });
  }

  /** Executions since the start; a count that went down was reset (TRUNCATE, a reused slot). */
  private static long ranSince(Count was, Count now) {
    return was == null || was.executions() > now.executions()
        ? now.executions()
        : now.executions() - was.executions();
  }

  private static Map<String, Count> digests(SourceConnection db) throws SQLException {
    SourceConnection.Rows r =
        db.query("SELECT SCHEMA_NAME, DIGEST, DIGEST_TEXT, COUNT_STAR FROM " + DIGESTS);
    Map<String, Count> out = new HashMap<>();
    for (Object[] row : r.rows()) {
      String schema = SourceConnection.text(row[0]);
      String digest = SourceConnection.text(row[1]);
      if (digest != null && row[2] != null) {
        out.put(
            schema + "\0" + digest,
            new Count(
                schema, digest, SourceConnection.text(row[2]), SourceConnection.number(row[3])));
      }
    }
    return out;
  }

  /** Open prepared statements and their executions; empty where the table does not exist. */
  private static Map<String, Count> prepared(SourceConnection db) {
    Map<String, Count> out = new HashMap<>();
    try {
      SourceConnection.Rows r =
          db.query("SELECT OBJECT_INSTANCE_BEGIN, SQL_TEXT, COUNT_EXECUTE FROM " + PREPARED);
      for (Object[] row : r.rows()) {
        if (row[1] != null && out.size() < 100_000) {
          out.put(
              SourceConnection.text(row[0]) + "\0" + SourceConnection.text(row[1]),
              new Count(
                  null, null, SourceConnection.text(row[1]), SourceConnection.number(row[2])));
        }
      }
    } catch (SQLException e) {
      // MariaDB before 10.5 and MySQL before 5.7 have no such table: digests only.
    }
    return out;
  }
}
