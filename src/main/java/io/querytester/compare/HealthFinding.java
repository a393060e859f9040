package io.querytester.compare;

import java.time.Instant;

/**
 * Something the health watch saw on a target during a run: a crash or restart, a new class of
 * error-log message, a jump in an error counter. Filled by the health stage; the reports show them
 * in their own sections (crashes, error log).
 *
 * @param category "crash" (also restarts and lost servers) or "error_log"; other values are shown
 *     as they are
 * @param side OLD or NEW
 * @param title one line ("restarted: uptime went from 812 s to 3 s")
 * @param detail more text (error-log lines, statements in flight), may be null
 * @param count how many times it was seen
 * @param at when it was first seen, may be null
 */
public record HealthFinding(
    String category, String side, String title, String detail, long count, Instant at) {
  public static final String CRASH = "crash";
  public static final String ERROR_LOG = "error_log";
}
