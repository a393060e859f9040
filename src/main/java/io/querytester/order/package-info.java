/**
 * Order: keeps production's order between sessions in a read-write replay. Its parts:
 *
 * <ul>
 *   <li>{@link io.querytester.order.CaptureOrder} reads the workload in capture order, one event at
 *       a time, and gives each a {@link io.querytester.order.Step}: its {@link
 *       io.querytester.order.Ticket} and the earlier tickets of other sessions it must wait for.
 *       What conflicts comes from each statement's {@link io.querytester.workload.StatementAccess}
 *       (tables and rows read and written) and its session's transaction as the capture shows it: a
 *       read waits for the commits it saw in production, a commit for the reads that took their
 *       snapshot before it, a lock for the commits that released it.
 *   <li>{@link io.querytester.order.SchemaFacts} is what the servers say about the tables (keys,
 *       engines, triggers, views, foreign keys, stored functions), read once before the replay: it
 *       decides where rows can be told apart and where a whole table, or everything, must be
 *       ordered.
 * </ul>
 *
 * Waits only point backwards in capture order, but for one case the capture itself gets wrong (a
 * statement that waited for a lock is logged before the commit that released it): it waits for that
 * transaction's end instead. This package never touches a server but to read {@link
 * io.querytester.order.SchemaFacts}; executing, and relaxing a wait that a server's own lock
 * crosses, is replay's.
 *
 * <p>Stages it imports: {@code workload} (and the root package).
 */
package io.querytester.order;
