package io.querytester.drift;

/**
 * The connections one replica's comparisons use within one {@link Worker}, so that replicas and
 * workers run in parallel without sharing a connection: the replica itself, a second source session
 * for re-reads and row diffs, and a replica session for the lag probe (shared by all workers, used
 * only by the planner and the in-order delivery, which take turns).
 *
 * @param replica waits and checksums on the replica
 * @param source re-reads of a mismatching chunk and row diffs on the source
 * @param status SHOW SLAVE STATUS for the throttle and progress lines
 */
record Lane(Side replica, Side source, Side status) {}
