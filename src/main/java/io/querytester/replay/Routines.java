package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.target.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The stored functions of one target and what each declares it does with data. A call is replayed
 * without --allow-writes only when every function of that name is declared NO SQL or READS SQL
 * DATA; the read-only session refuses the writes of one whose declaration lies.
 */
final class StoredFunctions {
  private static final Set<String> READ_ONLY = Set.of("NO SQL", "READS SQL DATA");

  /** Lower-case name to "schema.name declared ACCESS", for the functions that may write. */
  private final Map<String, String> mayWrite;

  /** Lower-case names of every stored function. */
  private final Set<String> names;

  private StoredFunctions(Map<String, String> mayWrite, Set<String> names) {
    this.mayWrite = mayWrite;
    this.names = names;
  }

  static StoredFunctions read(Target target) {
    try (Connection c = target.connect()) {
      return read(c, target);
    } catch (SQLException e) {
      throw CannotRunException.of("cannot connect to " + target.describe(), e);
    }
  }

  /** The same, on an open connection to {@code target}. */
  static StoredFunctions read(Connection c, Target target) {
    Map<String, String> mayWrite = new HashMap<>();
    Set<String> names = new HashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT ROUTINE_SCHEMA, ROUTINE_NAME, SQL_DATA_ACCESS"
                    + " FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'")) {
      while (rs.next()) {
        names.add(rs.getString(2).toLowerCase(Locale.ROOT));
        String access = rs.getString(3);
        if (access == null || !READ_ONLY.contains(access.toUpperCase(Locale.ROOT))) {
          mayWrite.putIfAbsent(
              rs.getString(2).toLowerCase(Locale.ROOT),
              rs.getString(1) + "." + rs.getString(2) + " declared " + access);
        }
      }
    } catch (SQLException e) {
      throw CannotRunException.of(
          "cannot list the stored functions of "
              + target.describe()
              + " (information_schema.ROUTINES)",
          e);
    }
    return new StoredFunctions(Map.copyOf(mayWrite), Set.copyOf(names));
  }

  /** Why a statement calling these names must not be replayed read-only, or null. */
  String unsafe(Set<String> calls) {
    if (calls.isEmpty() || mayWrite.isEmpty()) {
      return null; // the usual cases, asked per statement and side: no iterator made
    }
    for (String name : calls) {
      String f = mayWrite.get(name);
      if (f != null) {
        return "calls stored function " + f + " (only NO SQL and READS SQL DATA are replayed)";
      }
    }
    return null;
  }

  /** Whether one of these names is a stored function: it may read what its session holds. */
  boolean any(Set<String> calls) {
    if (calls.isEmpty() || names.isEmpty()) {
      return false;
    }
    for (String name : calls) {
      if (names.contains(name)) {
        return true;
      }
    }
    return false;
  }

  static List<StoredFunctions> readAll(List<Target> targets) {
    return targets.stream().map(StoredFunctions::read).toList();
  }
}
