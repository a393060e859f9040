package io.querytester.run;

/**
 * The first line of a new error-log message class seen during the run, written at once so that a
 * tool that dies still leaves it behind; the counts come with the side's {@link HealthSegment}.
 *
 * @param side OLD or NEW
 * @param logClass the class, with a count of one
 */
public record LogSighting(String side, LogClass logClass) implements HealthRecord {}
