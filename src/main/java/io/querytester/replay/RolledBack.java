package io.querytester.replay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Resuming a write replay in production's order: a stop (Ctrl-C, --duration, a kill) closes the
 * sessions' connections, which rolls back every transaction left open on both servers, so the
 * statements of such a transaction that the earlier part recorded as done must run again, not
 * recorded, before the rest of it, and in their order against the other sessions.
 *
 * <p>A done statement inside a transaction is held back (its turn in the order not given on) until
 * its session shows what became of the transaction: ended among the done statements, it is handed
 * on as done; followed by a statement not done, it runs again, taking its turn as it had it.
 */
final class RolledBack {
  private final Map<Long, List<Job>> held = new HashMap<>();

  /**
   * The jobs to hand to {@code job}'s lane now, in order: none while a done transaction's end is
   * not known yet, else the held ones (as done, or to run again) and {@code job}.
   *
   * @param inTransaction whether the capture shows the job's session in a transaction after it
   */
  List<Job> next(Job job, boolean inTransaction) {
    long session = job.event().sessionId();
    List<Job> before = held.remove(session);
    if (job.alreadyDone()) {
      if (inTransaction) {
        List<Job> list = before == null ? new ArrayList<>() : before;
        list.add(job);
        held.put(session, list);
        return List.of();
      }
      return with(before, job); // the transaction ended in the earlier part: all of it stays done
    }
    if (before == null) {
      return List.of(job);
    }
    List<Job> out = new ArrayList<>(before.size() + 1);
    before.forEach(j -> out.add(j.runAgain()));
    out.add(job);
    return out;
  }

  /** At the workload's end: transactions it never ends stay as the stop left them, done. */
  Collection<List<Job>> rest() {
    return held.values();
  }

  private static List<Job> with(List<Job> before, Job job) {
    if (before == null) {
      return List.of(job);
    }
    before.add(job);
    return before;
  }
}
