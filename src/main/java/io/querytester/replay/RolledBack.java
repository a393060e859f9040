package io.querytester.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Resuming a write replay in production's order: a stop (Ctrl-C, --duration, a kill) closes the
 * sessions' connections, which rolls back every transaction left open on both servers, so the
 * statements of such a transaction that the earlier part recorded as done must run again, not
 * recorded, before the rest of the transaction. Remembers each session's done statements since its
 * transaction began, and hands them over at the session's first statement not done.
 */
final class RolledBack {
  private final Map<Long, List<Job>> open = new HashMap<>();

  /**
   * The jobs to run again before {@code job}, in order (usually none).
   *
   * @param inTransaction whether the capture shows the job's session in a transaction after it
   */
  List<Job> next(Job job, boolean inTransaction) {
    long session = job.event().sessionId();
    if (job.alreadyDone()) {
      if (inTransaction) {
        open.computeIfAbsent(session, s -> new ArrayList<>()).add(job.runAgain());
      } else {
        open.remove(session);
      }
      return List.of();
    }
    List<Job> again = open.remove(session);
    return again == null ? List.of() : again;
  }
}
