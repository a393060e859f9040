package io.querytester.drift;

/** Which key a table is chunked by. */
public enum KeyKind {
  PRIMARY,
  /** A unique key whose columns are all NOT NULL: as good as a primary key for ranges. */
  UNIQUE,
  /** Neither: the table is checked whole, and rows are told apart by their hash only. */
  NONE
}
