package io.querytester.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The tables a workload writes, as {@code db.table} names: what a write replay changes, so what OLD
 * and NEW must hold alike at its end. Each statement's names come from its text ({@link
 * WrittenNames}); a name without a schema takes the schema its statement runs in, as replay runs
 * it: the event's schema, else the last one its session used ({@code USE db}, or an earlier event's
 * schema).
 *
 * <p>What the text of a write does not tell (a CALL, a PREPARE of an expression, a table name with
 * no schema known) is counted by reason in {@link #unknown()}, so a report can say what was not
 * compared. Triggers and stored routines write tables no statement names; those are not found.
 */
public final class WrittenTables {
  private static final String NO_SCHEMA = "a table name without a schema, in a session with none";

  private final Set<String> tables = new TreeSet<>();
  private final Map<String, Long> unknown = new TreeMap<>();
  private final Map<Long, String> sessionSchemas = new HashMap<>();

  /**
   * The tables the events of {@code workload} that {@code keep} accepts write (every event but
   * those of other shards, for a shard's run).
   */
  public static WrittenTables of(Path workload, Predicate<QueryEvent> keep, Consumer<String> warn) {
    WrittenTables written = new WrittenTables();
    try (WorkloadReader reader = WorkloadReader.open(workload, warn)) {
      for (WorkloadReader.Entry e : reader) {
        if (keep.test(e.event())) {
          written.add(e.event());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + workload + ": " + e.getMessage(), e);
    }
    return written;
  }

  /** Adds what one event writes; events of a session come in their order. */
  public void add(QueryEvent e) {
    String schema = schema(e);
    WrittenNames.Found found = WrittenNames.of(e.sql());
    for (WrittenNames.Name n : found.tables()) {
      String db = n.schema() != null ? n.schema() : schema;
      if (db == null) {
        unknown.merge(NO_SCHEMA, 1L, Long::sum);
      } else {
        tables.add(db + "." + n.table());
      }
    }
    if (found.unknown() != null) {
      unknown.merge(found.unknown(), 1L, Long::sum);
    }
  }

  /** {@code db.table} names, sorted. */
  public Set<String> tables() {
    return Collections.unmodifiableSet(tables);
  }

  /** Writes whose tables their text does not tell, counted by why (e.g. a CALL). */
  public Map<String, Long> unknown() {
    return Collections.unmodifiableMap(unknown);
  }

  /** The schema the event runs in; remembers it, and a USE, for the session's next events. */
  private String schema(QueryEvent e) {
    long session = e.sessionId();
    String schema = e.schema();
    if (schema == null || schema.isEmpty()) {
      schema = sessionSchemas.get(session);
    } else if (!schema.equals(sessionSchemas.get(session))) {
      sessionSchemas.put(session, schema);
    }
    String used = WrittenNames.used(e.sql());
    if (used != null) {
      sessionSchemas.put(session, used);
    }
    return schema;
  }
}
