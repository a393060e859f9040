package io.querytester.replay;

import io.querytester.server.Target;
import java.util.List;

/**
 * What every lane of one replay shares: the targets, how to replay, where executions go, the
 * counters, the statement timeouts, the watch, the lanes' bounds, the read-only gate and the
 * threads lanes run on.
 */
record LaneContext(
    List<Target> targets,
    ReplaySettings settings,
    LogWriter log,
    ReplayCounters counters,
    StatementTimeouts timeouts,
    ReplayWatch watch,
    LaneLimits limits,
    ReplayGate gate,
    LaneThreads threads) {}
