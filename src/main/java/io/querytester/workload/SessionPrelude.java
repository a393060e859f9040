package io.querytester.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A statement of a workload with what its session had done before it that changes how it runs: the
 * session statements (USE, SET) that came before it in its session. Plan reading and repro bundles
 * run a statement alone, outside its session; they run these first so the server sees the state the
 * statement saw in the replay.
 *
 * @param line the statement's line (event id) in the workload
 * @param event the statement
 * @param session the session statements before it, oldest first
 */
public record SessionPrelude(long line, QueryEvent event, List<QueryEvent> session) {
  /** A session that repeats its SETs keeps only this many of the latest. */
  static final int MAX_STATEMENTS = 200;

  /** The statements in the order to run them: the session's, then the statement itself. */
  public List<QueryEvent> statements() {
    List<QueryEvent> all = new ArrayList<>(session);
    all.add(event);
    return all;
  }

  /**
   * The statements at {@code lines} (event ids) of the workload, each with its session's statements
   * before it. One pass; only the sessions of the wanted lines are remembered.
   */
  public static Map<Long, SessionPrelude> read(
      Path workload, Map<Long, Long> sessionOfLine, Consumer<String> warnings) throws IOException {
    Map<Long, List<QueryEvent>> bySession = new HashMap<>();
    sessionOfLine.values().forEach(s -> bySession.put(s, new ArrayList<>()));
    Map<Long, SessionPrelude> found = new HashMap<>();
    try (WorkloadReader reader = WorkloadReader.open(workload, warnings)) {
      for (WorkloadReader.Entry entry : reader) {
        QueryEvent ev = entry.event();
        long session = ev.sessionId();
        List<QueryEvent> seen = bySession.get(session);
        if (seen == null) {
          continue;
        }
        if (sessionOfLine.containsKey(entry.line())) {
          found.put(entry.line(), new SessionPrelude(entry.line(), ev, List.copyOf(seen)));
          if (found.size() == sessionOfLine.size()) {
            break;
          }
        } else if (QueryClass.of(ev.sql()).kind() == StatementKind.SESSION) {
          keep(seen, ev);
        }
      }
    }
    return found;
  }

  private static void keep(List<QueryEvent> seen, QueryEvent ev) {
    if (!seen.isEmpty() && seen.getLast().sql().equals(ev.sql())) {
      return; // a pool's SET autocommit=1 before every borrow
    }
    seen.add(ev);
    if (seen.size() > MAX_STATEMENTS) {
      seen.removeFirst();
    }
  }
}
