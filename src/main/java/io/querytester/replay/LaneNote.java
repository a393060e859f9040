package io.querytester.replay;

/**
 * The replay's word on how many lanes it ran, as a typed progress event: --concurrency lowered to
 * what the servers allow, or lanes that had nothing to do. Both name options a user of replay acts
 * on; a caller that picks the lanes itself (bisect) drops the event by its type.
 *
 * @param message the line a replay's user reads
 */
public record LaneNote(String message) {}
