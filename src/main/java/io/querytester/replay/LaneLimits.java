package io.querytester.replay;

import java.time.Duration;

/**
 * What bounds a lane's use of the servers.
 *
 * @param maxOpenSessions sessions it keeps open at once (a connection per target each)
 * @param idle a session unused this long is closed
 * @param abort stops every lane when one cannot go on (a run folder that cannot be written)
 */
record LaneLimits(int maxOpenSessions, Duration idle, ReplayAbort abort) {}
