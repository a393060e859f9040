package io.querytester.replay;

import io.querytester.CannotRunException;
import io.querytester.server.Target;
import io.querytester.workload.RoutineBody;
import io.querytester.workload.SqlModes;
import io.querytester.workload.SqlToken;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The stored functions, procedures and views of one target, each judged by its body, not by its
 * declaration: a call is replayed without --allow-writes only when the body of every function of
 * that name reads only ({@link RoutineBody}), and so does everything it calls and every view it
 * reads, recursively; a view is read only when its definition does. A body the account cannot read
 * (ROUTINE_DEFINITION is NULL without the privilege to see it) counts as one that writes. The
 * read-only session stays the backstop for what a body hides from the text (a write through dynamic
 * SQL is refused as PREPARE, not missed).
 */
final class Routines {
  /** A routine or view as information_schema shows it. */
  private record Definition(
      String qualified, String type, String body, String sqlMode, String access) {}

  private final Map<String, List<Definition>> functions = new HashMap<>();
  private final Map<String, List<Definition>> procedures = new HashMap<>();
  private final Map<String, List<Definition>> views = new HashMap<>();

  /** Judgements made: a routine's qualified name and type to why it must not run ("" to run). */
  private final Map<String, String> judged = new HashMap<>();

  /** Lower-case function name to why calling it must not be replayed, for the unsafe ones. */
  private final Map<String, String> unsafeFunctions = new HashMap<>();

  /** Lower-case view name to why reading it must not be replayed, for the unsafe ones. */
  private final Map<String, String> unsafeViews = new HashMap<>();

  private Routines() {}

  static Routines read(Target target) {
    try (Connection c = target.connect()) {
      return read(c, target);
    } catch (SQLException e) {
      throw CannotRunException.of("cannot connect to " + target.describe(), e);
    }
  }

  /** The same, on an open connection to {@code target}. */
  static Routines read(Connection c, Target target) {
    Routines r = new Routines();
    try (Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_TYPE, ROUTINE_DEFINITION, SQL_MODE,"
                  + " SQL_DATA_ACCESS FROM information_schema.ROUTINES")) {
        while (rs.next()) {
          Definition d =
              new Definition(
                  rs.getString(1) + "." + rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6));
          boolean function = "FUNCTION".equalsIgnoreCase(d.type());
          (function ? r.functions : r.procedures)
              .computeIfAbsent(lower(rs.getString(2)), k -> new ArrayList<>())
              .add(d);
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS")) {
        while (rs.next()) {
          r.views
              .computeIfAbsent(lower(rs.getString(2)), k -> new ArrayList<>())
              .add(
                  new Definition(
                      rs.getString(1) + "." + rs.getString(2),
                      "VIEW",
                      emptyIsNull(rs.getString(3)),
                      "",
                      null));
        }
      }
    } catch (SQLException e) {
      throw CannotRunException.of(
          "cannot list the stored routines and views of "
              + target.describe()
              + " (information_schema.ROUTINES, VIEWS)",
          e);
    }
    r.judgeAll();
    return r;
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  private static String emptyIsNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  private void judgeAll() {
    for (Map.Entry<String, List<Definition>> e : functions.entrySet()) {
      String why = firstUnsafe(e.getValue(), new HashSet<>());
      if (why != null) {
        unsafeFunctions.put(e.getKey(), why);
      }
    }
    for (Map.Entry<String, List<Definition>> e : views.entrySet()) {
      String why = firstUnsafe(e.getValue(), new HashSet<>());
      if (why != null) {
        unsafeViews.put(e.getKey(), why);
      }
    }
  }

  private String firstUnsafe(List<Definition> all, Set<String> visiting) {
    for (Definition d : all) {
      String why = judge(d, visiting);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /**
   * Why the routine must not run, null when it reads only. {@code visiting} holds the routines
   * being judged further up: a routine that reaches itself is judged by its other parts.
   */
  private String judge(Definition d, Set<String> visiting) {
    String key = d.type() + " " + d.qualified();
    String known = judged.get(key);
    if (known != null) {
      return known.isEmpty() ? null : known;
    }
    if (!visiting.add(key)) {
      return null;
    }
    String why = ownReason(d, visiting);
    visiting.remove(key);
    judged.put(key, why == null ? "" : why);
    return why;
  }

  private String ownReason(Definition d, Set<String> visiting) {
    String what = d.type().toLowerCase(Locale.ROOT) + " " + d.qualified() + declared(d);
    if (d.body() == null) {
      return what + ", whose body this account cannot read";
    }
    SqlModes modes = d.sqlMode() == null ? SqlModes.NONE : SqlModes.ofNames(d.sqlMode());
    if (modes == null) {
      return what + ", whose sql_mode " + d.sqlMode() + " this tool cannot read";
    }
    RoutineBody body = RoutineBody.of(d.body(), modes);
    if (body.unsafe() != null) {
      return what + ", whose body " + body.unsafe();
    }
    for (String f : body.functions()) {
      String why = reached(functions.get(f), visiting);
      if (why != null) {
        return what + ", which calls " + why;
      }
    }
    for (String p : body.procedures()) {
      List<Definition> found = procedures.get(p);
      if (found == null) {
        return what + ", which calls procedure " + p + ", which this account cannot see";
      }
      String why = reached(found, visiting);
      if (why != null) {
        return what + ", which calls " + why;
      }
    }
    for (String name : body.names()) {
      String why = reached(views.get(name), visiting);
      if (why != null) {
        return what + ", which reads " + why;
      }
    }
    return null;
  }

  private String reached(List<Definition> found, Set<String> visiting) {
    return found == null ? null : firstUnsafe(found, visiting);
  }

  private static String declared(Definition d) {
    return d.access() == null ? "" : " (declared " + d.access() + ")";
  }

  /** Why a statement calling these names must not be replayed read-only, or null. */
  String unsafe(Set<String> calls) {
    if (calls.isEmpty() || unsafeFunctions.isEmpty()) {
      return null; // the usual cases, asked per statement and side: no iterator made
    }
    for (String name : calls) {
      String why = unsafeFunctions.get(name);
      if (why != null) {
        return "calls stored " + why;
      }
    }
    return null;
  }

  /**
   * Why a statement that names a view whose definition does more than read must not be replayed, or
   * null. Any name in the statement that is such a view's counts (a column of the same name too:
   * the statement is skipped, never run wrongly).
   */
  String unsafeView(String sql) {
    if (unsafeViews.isEmpty()) {
      return null;
    }
    for (SqlToken t : SqlToken.of(sql)) {
      if (t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.QUOTED_NAME) {
        String name = t.text();
        if (t.kind() == SqlToken.Kind.QUOTED_NAME && name.length() >= 2) {
          name = name.substring(1, name.length() - 1);
        }
        String why = unsafeViews.get(lower(name));
        if (why != null) {
          return "reads " + why;
        }
      }
    }
    return null;
  }

  /** Whether one of these names is a stored function: it may read what its session holds. */
  boolean any(Set<String> calls) {
    if (calls.isEmpty() || functions.isEmpty()) {
      return false;
    }
    for (String name : calls) {
      if (functions.containsKey(name)) {
        return true;
      }
    }
    return false;
  }

  static List<Routines> readAll(List<Target> targets) {
    return targets.stream().map(Routines::read).toList();
  }
}
