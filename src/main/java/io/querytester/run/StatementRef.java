package io.querytester.run;

import java.time.Instant;

/**
 * A statement a lane ran on a target, as the health watch saw it.
 *
 * @param event its line in the workload
 * @param classId its query class
 * @param sql its text (cut to a few kilobytes)
 * @param started when it was sent
 * @param ended when it ended, null while it runs
 * @param lost true when its connection broke
 */
public record StatementRef(
    long event, String classId, String sql, Instant started, Instant ended, boolean lost) {}
