package io.querytester.health;

import java.time.Instant;

/**
 * One error-log line, parsed as far as its format allows.
 *
 * @param time its timestamp, null when it had none (or none that could be read)
 * @param level Note, Warning, ERROR, System ..., null when it had none
 * @param code MySQL 8's error code (MY-010914), else null
 * @param message the message as logged, without timestamp, thread id, level, code and subsystem
 * @param key the message normalised into its class
 */
record LogLine(Instant time, String level, String code, String message, String key) {}
