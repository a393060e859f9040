package io.querytester.replay;

import io.querytester.order.Step;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SqlProfile;

/**
 * An event handed to a lane.
 *
 * @param id the event's line number in the workload
 * @param event the event
 * @param profile what its text says about it
 * @param intendedStart System.nanoTime() at which it should start (pacing), 0 for at once
 * @param alreadyDone true when a resumed run did it before: only its session state is applied
 * @param shared the shared session it runs on (--spread-reads), null for its captured session's
 * @param skip why the dispatcher chose not to run it, null to run it
 * @param step its place in production's order (--allow-writes), null when order is not kept
 * @param again run, not recorded: done in an earlier part of a resumed write replay, in a
 *     transaction that the stop rolled back, so it runs again before the rest of its transaction
 */
record Job(
    long id,
    QueryEvent event,
    SqlProfile profile,
    long intendedStart,
    boolean alreadyDone,
    SharedSession shared,
    String skip,
    Step step,
    boolean again) {

  Job(
      long id,
      QueryEvent event,
      SqlProfile profile,
      long intendedStart,
      boolean alreadyDone,
      SharedSession shared,
      String skip) {
    this(id, event, profile, intendedStart, alreadyDone, shared, skip, null, false);
  }

  /** This job, to run again without being recorded (see {@code again}). */
  Job runAgain() {
    return new Job(id, event, profile, 0, false, null, skip, step, true);
  }

  /**
   * Its connections' key in a lane's session cache: the shared session (equal by identity, so no
   * captured id can meet it), else its captured session's id.
   */
  Object connectionKey() {
    return shared != null ? shared : (Object) event.sessionId();
  }
}
