package io.querytester.run;

/** A row of SHOW WARNINGS: level (Note, Warning, Error), code and message. */
public record Warning(String level, int code, String message) {}
