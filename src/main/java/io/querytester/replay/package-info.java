/**
 * Replay: executes a workload on OLD and NEW at once, session by session, and records an
 * observation per execution per target. Reads only, unless the user passed --allow-writes: writes,
 * DDL, admin statements and unsafe reads are skipped and counted.
 */
package io.querytester.replay;
