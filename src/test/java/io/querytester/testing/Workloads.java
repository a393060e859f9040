package io.querytester.testing;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Writes small workload files for tests. */
public final class Workloads {
  private Workloads() {}

  /** One event per statement, all in the given schema, sessions assigned round-robin. */
  public static Path write(Path file, String schema, int sessions, List<String> statements)
      throws IOException {
    Instant ts = Instant.parse("2026-01-02T03:04:05Z");
    List<QueryEvent> events = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      events.add(event(ts.plusMillis(i), (i % sessions) + 1, schema, statements.get(i)));
    }
    return write(file, events);
  }

  /** An event of account app@localhost, with its time and session. */
  public static QueryEvent event(Instant ts, long session, String schema, String sql) {
    return new QueryEvent(
        ts, session, "app", "localhost", schema, sql, null, null, null, null, null, null);
  }

  /** The events, in order. */
  public static Path write(Path file, List<QueryEvent> events) throws IOException {
    Instant ts = Instant.parse("2026-01-02T03:04:05Z");
    try (WorkloadWriter w = WorkloadWriter.create(file, WorkloadHeader.of("manual", null, ts))) {
      for (QueryEvent e : events) {
        w.write(e);
      }
    }
    return file;
  }
}
