package io.querytester.workload;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which statements may leave their session's own connection, judged from their text: a read whose
 * result does not depend on the connection that runs it, and a session statement whose effect a
 * shared connection can take on as well. The replay's {@code --spread-reads} routes by these rules;
 * that a replay is read-only, and what its targets' stored functions are, it adds itself.
 */
public final class ConnectionPortability {
  private static final Set<String> SESSION_VALUES =
      Set.of("CONNECTION_ID()", "FOUND_ROWS()", "LAST_INSERT_ID()", "ROW_COUNT()", "LASTVAL()");

  /** Names in a read's fingerprint that read what its own connection did or holds. */
  private static final List<String> CONNECTION_TABLES =
      List.of(
          "performance_schema",
          "optimizer_trace",
          "session_status",
          "session_variables",
          "user_variables",
          "profiling",
          "ps_current_thread_id",
          "ps_thread_id",
          "sql_calc_found_rows");

  /** Transaction characteristics: set with an unscoped {@code @@}, for the next one only. */
  private static final Set<String> TRANSACTION_VARIABLES =
      Set.of("transaction_isolation", "tx_isolation", "transaction_read_only", "tx_read_only");

  private static final Set<String> AUTOCOMMIT_ON = Set.of("1", "ON", "TRUE");

  private ConnectionPortability() {}

  /**
   * A USE, or a SET of session variables that a shared connection can take on as well: not one that
   * sets a transaction's characteristics for the next one only ({@code SET TRANSACTION}, an
   * unscoped {@code @@transaction_isolation}), nor autocommit to anything but on.
   */
  public static boolean keepsOnlyState(String sql, SqlProfile profile) {
    return keepsOnlyState(sql, profile, SetAssignments.of(sql));
  }

  /** As {@link #keepsOnlyState(String, SqlProfile)}, with the SET's assignments read already. */
  public static boolean keepsOnlyState(String sql, SqlProfile profile, SetAssignments set) {
    if (profile.unsafeReason() != null || !ReadingChange.keepsDefault(sql)) {
      // a shared connection reads statements as a new one does: a session that changes that
      // (sql_mode, the character set) keeps its reads on its own connection, where it is followed
      return false;
    }
    String f = profile.fingerprint();
    if (f.startsWith("use ")) {
      return true;
    }
    if (!f.startsWith("set ")) {
      return false;
    }
    if (set == null) { // no list of assignments: only the forms known to set the session's own
      return SetAssignments.plainForm(sql) != null;
    }
    for (SetAssignments.Assignment a : set.assignments()) {
      boolean user = a.scope() == SetAssignments.Scope.USER;
      if (a.scope() == SetAssignments.Scope.GLOBAL
          || (a.scope() == SetAssignments.Scope.UNSCOPED
              && TRANSACTION_VARIABLES.contains(a.name()))
          || (a.name().equals("autocommit")
              && !user
              && !AUTOCOMMIT_ON.contains(String.valueOf(a.simpleValue())))
          || (!user && a.readsUserVariable())) {
        // a session variable copied from a user variable: mysqldump's SET TIME_ZONE =
        // @OLD_TIME_ZONE, which restores what the session had before, not a state to share
        return false;
      }
    }
    return true;
  }

  /**
   * A read whose result does not depend on which connection runs it, when nothing writes, unless it
   * calls a stored function (which only the targets tell). One with an executable comment is not:
   * the servers may read different text in it.
   */
  public static boolean portable(String sql, SqlProfile profile) {
    if (!profile.safeRead() || SqlProfile.dependsOnServer(sql)) {
      return false;
    }
    String f = profile.fingerprint(); // literals are ?: an @ in a string does not count
    if (!(f.startsWith("select ") || f.startsWith("with ") || f.startsWith("("))
        || f.indexOf('@') >= 0) {
      return false;
    }
    for (String name : CONNECTION_TABLES) {
      if (f.contains(name)) {
        return false;
      }
    }
    for (String marker : profile.nondeterminism()) {
      if (SESSION_VALUES.contains(marker.toUpperCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }
}
