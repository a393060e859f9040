package io.querytester.replay;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a {@code jdbc:} target's account may do beyond reading, from SHOW GRANTS: the statement
 * analysis and the read-only session stop writes, but an account that cannot write is the guard
 * that needs no proof. Embedded and docker targets are ours and run as root.
 */
final class AccountCheck {
  /** Privileges a replay account may hold: reading data, metadata and status. */
  private static final Set<String> READING =
      Set.of(
          "USAGE",
          "SELECT",
          "SHOW VIEW",
          "SHOW DATABASES",
          "PROCESS",
          "EXECUTE",
          "REPLICATION CLIENT",
          "BINLOG MONITOR",
          "SLAVE MONITOR",
          "REPLICA MONITOR",
          "SHOW CREATE ROUTINE");

  private AccountCheck() {}

  /**
   * Warns about each {@code jdbc:} target whose account may write or shut down; with {@code
   * strict}, refuses to go on instead.
   */
  static void run(
      List<Target> targets, List<Preflight> read, boolean strict, Consumer<String> warn) {
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      Set<String> powers = read.get(i).powers();
      if (powers == null || powers.isEmpty()) {
        continue;
      }
      String message =
          t.describe()
              + ": the account may "
              + String.join(", ", powers)
              + "; a read-only replay needs only SELECT (and SHOW VIEW, PROCESS, EXECUTE)."
              + " See docs/read-only.md, \"What read-only guarantees\"";
      if (strict) {
        throw new BadInputException(message + " (--require-read-only-account)");
      }
      warn.accept("warning: " + message);
    }
  }

  /** The privileges beyond reading that SHOW GRANTS lists for the current account. */
  static Set<String> powers(Target t) {
    try (Connection c = t.connect()) {
      return powers(c, t);
    } catch (SQLException e) {
      throw CannotRunException.of("cannot read the grants of " + t.describe(), e);
    }
  }

  /** The same, on an open connection to {@code t}. */
  static Set<String> powers(Connection c, Target t) {
    Set<String> out = new LinkedHashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW GRANTS")) {
      while (rs.next()) {
        out.addAll(beyondReading(rs.getString(1)));
      }
    } catch (SQLException e) {
      throw CannotRunException.of("cannot read the grants of " + t.describe(), e);
    }
    return out;
  }

  /**
   * The privileges of one SHOW GRANTS line beyond reading. A role grant ({@code GRANT r TO u}) has
   * no ON: its privileges are not looked into, so the role itself counts.
   */
  static Set<String> beyondReading(String grant) {
    Set<String> out = new LinkedHashSet<>();
    String upper = grant.toUpperCase(Locale.ROOT);
    if (!upper.startsWith("GRANT ")) {
      return out;
    }
    int on = upper.indexOf(" ON ");
    int to = upper.indexOf(" TO ");
    if (on < 0 || (to >= 0 && to < on)) {
      out.add("use role " + grant.substring(6, to < 0 ? grant.length() : to).strip());
      return out;
    }
    // Column lists hold commas: SELECT (a, b)
    String privileges = upper.substring(6, on).replaceAll("\\([^)]*\\)", "");
    for (String p : privileges.split(",")) {
      String name = p.strip();
      if (!name.isEmpty() && !READING.contains(name)) {
        out.add(name + grant.substring(on, to < 0 ? grant.length() : to));
      }
    }
    if (upper.contains(" WITH GRANT OPTION") || upper.contains(" WITH ADMIN OPTION")) {
      out.add("GRANT OPTION");
    }
    return out;
  }
}
