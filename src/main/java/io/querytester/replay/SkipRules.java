package io.querytester.replay;

import io.querytester.workload.SqlProfile;
import io.querytester.workload.StatementKind;
import java.util.Locale;

/** What the replay runs, by a statement's analysis alone: reads, and writes only when allowed. */
final class SkipRules {
  private SkipRules() {}

  /** Why an event is not replayed, or null when it is. */
  static String reason(SqlProfile p, boolean allowWrites) {
    if (p.kind() == StatementKind.READ) {
      if (p.unsafeReason() == null || (allowWrites && p.lockingOrSequenceRead())) {
        return null;
      }
      return "unsafe read: "
          + p.unsafeReason()
          + (p.lockingOrSequenceRead() ? " (runs with --allow-writes)" : "");
    }
    if (p.kind() == StatementKind.SESSION) {
      // SET @x = SLEEP(9), a PREPARE of a DELETE, SET TRANSACTION READ WRITE
      return allowWrites || p.unsafeReason() == null
          ? null
          : "unsafe session statement: " + p.unsafeReason();
    }
    if (allowWrites
        && (p.kind() == StatementKind.WRITE
            || p.kind() == StatementKind.DDL
            || p.kind() == StatementKind.TRANSACTION)) {
      return null;
    }
    String kind = p.kind().name().toLowerCase(Locale.ROOT);
    return p.unsafeReason() == null ? kind : kind + ": " + p.unsafeReason();
  }
}
