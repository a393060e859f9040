package io.querytester.replay;

import java.time.Duration;

/**
 * What bounds a lane: its use of the servers, and the jobs it holds before it runs them.
 *
 * @param maxOpenSessions sessions it keeps open at once (a connection per target each)
 * @param idle a session unused this long is closed
 * @param abort stops every lane when one cannot go on (a run folder that cannot be written)
 * @param queue jobs its queue holds ({@link Lane#queueCapacity})
 */
record LaneLimits(int maxOpenSessions, Duration idle, ReplayAbort abort, int queue) {}
