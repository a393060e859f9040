package io.querytester.explain;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.querytester.Parallel;
import io.querytester.compare.RunAnalyzer;
import io.querytester.server.ReadOnlySessions;
import io.querytester.server.SqlStates;
import io.querytester.server.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The settings delta of a pair: the session variables (composite ones split into parts) whose
 * values differ between OLD and NEW and that NEW takes at OLD's value for a session, the candidate
 * causes of a difference; and those that differ but are no candidates, with why. Read after the
 * replay on a fresh read-only session per side, so the values are those every replayed statement
 * started with (the server's defaults and options, and what the driver sets).
 *
 * @param candidates the candidates, those the user changed with {@code --new-option} or {@code
 *     --old-option} first
 * @param excluded the differing variables and parts that are no candidates
 */
public record SettingsDelta(List<Setting> candidates, List<Excluded> excluded) {

  public SettingsDelta {
    candidates = candidates == null ? List.of() : List.copyOf(candidates);
    excluded = excluded == null ? List.of() : List.copyOf(excluded);
  }

  /**
   * A variable or part that differs but is no candidate.
   *
   * @param name the variable
   * @param part the flag or entry, null for the whole variable
   * @param old OLD's value, null when OLD has none
   * @param neu NEW's value, null when NEW has none
   * @param why why it is no candidate
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Excluded(
      String name, String part, String old, @JsonProperty("new") String neu, String why) {}

  /**
   * A delta with the session values it was made from, which the trials need to change one part of a
   * composite variable on either side.
   */
  record Read(SettingsDelta delta, Map<String, String> oldValues, Map<String, String> newValues) {}

  /**
   * A session's own values (its thread id, its random seed, its last insert id): never a cause of a
   * difference in what a statement returns. Per-instance ones (paths, ports, versions) are the
   * report's list ({@link RunAnalyzer#PER_INSTANCE_VARIABLES}).
   */
  private static final Set<String> SESSION_OWN =
      Set.of(
          "timestamp",
          "rand_seed1",
          "rand_seed2",
          "insert_id",
          "last_insert_id",
          "identity",
          "warning_count",
          "error_count",
          "in_transaction",
          "last_gtid",
          "server_uid",
          "report_port",
          "report_host");

  /** Session variables a trial must not change: the tool's own session guard and bookkeeping. */
  private static final List<String> UNSAFE_PREFIXES =
      List.of(
          "tx_read_only",
          "transaction_read_only",
          "session_track_",
          "sql_log_bin",
          "sql_log_off",
          "gtid_",
          "debug",
          "pseudo_slave_mode",
          "skip_replication",
          "autocommit",
          "character_set_client",
          "character_set_connection",
          "character_set_results",
          "collation_connection");

  /**
   * ER_GLOBAL_VARIABLE, ER_INCORRECT_GLOBAL_LOCAL_VAR (read-only), ER_SPECIFIC_ACCESS_DENIED_ERROR,
   * ER_VARIABLE_IS_READONLY.
   */
  private static final Set<Integer> NOT_FOR_A_SESSION = Set.of(1229, 1238, 1227, 1621);

  /**
   * Reads both sides' session variables on read-only sessions and keeps the candidates that NEW
   * takes at OLD's value for a session.
   *
   * @param oldOptions {@code --old-option}s (NAME=VALUE), whose variables come first
   * @param newOptions {@code --new-option}s, first of all
   */
  static Read read(Target old, Target neu, List<String> oldOptions, List<String> newOptions)
      throws SQLException {
    Parallel.Results<Map<String, String>> read =
        Parallel.each(List.of(old, neu), SettingsDelta::sessionVariables);
    for (Parallel.Outcome<Map<String, String>> o : read.each()) {
      if (!o.ok()) {
        throw o.failure() instanceof SQLException e
            ? e
            : new SQLException("cannot read the session variables: " + o.failure(), o.failure());
      }
    }
    Map<String, String> oldValues = read.each().get(0).value();
    Map<String, String> newValues = read.each().get(1).value();
    List<Setting> differing = new ArrayList<>();
    List<Excluded> excluded = new ArrayList<>();
    split(oldValues, newValues, options(oldOptions), options(newOptions), differing, excluded);
    List<Setting> candidates = new ArrayList<>();
    try (Connection n = ReadOnlySessions.of(neu).connect();
        Connection o = ReadOnlySessions.of(old).connect()) {
      for (Setting s : differing) {
        String why = refusal(s, n, o, oldValues, newValues);
        if (why == null) {
          candidates.add(s);
        } else {
          excluded.add(new Excluded(s.name(), s.part(), s.old(), s.neu(), why));
        }
      }
    }
    candidates.sort(ORDER);
    excluded.sort(
        Comparator.comparing(Excluded::name).thenComparing(e -> String.valueOf(e.part())));
    return new Read(new SettingsDelta(candidates, excluded), oldValues, newValues);
  }

  /** The user's options first (NEW's, then OLD's), then by name and part. */
  static final Comparator<Setting> ORDER =
      Comparator.comparingInt(
              (Setting s) -> s.option() == null ? 2 : s.option().equals("NEW") ? 0 : 1)
          .thenComparing(Setting::name)
          .thenComparing(s -> String.valueOf(s.part()));

  static Map<String, String> sessionVariables(Target t) throws SQLException {
    Map<String, String> vars = new TreeMap<>();
    try (Connection c = ReadOnlySessions.of(t).connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW SESSION VARIABLES")) {
      while (rs.next()) {
        vars.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
      }
    }
    return vars;
  }

  /**
   * The variables and parts that differ, each either a setting to try or excluded at once (on one
   * side only, unsafe to change).
   */
  static void split(
      Map<String, String> old,
      Map<String, String> neu,
      Map<String, Set<String>> oldOptions,
      Map<String, Set<String>> newOptions,
      List<Setting> differing,
      List<Excluded> excluded) {
    Set<String> names = new TreeSet<>(old.keySet());
    names.addAll(neu.keySet());
    for (String name : names) {
      String a = old.get(name);
      String b = neu.get(name);
      CompositeVariables.Shape shape = CompositeVariables.shape(name);
      if (shape == CompositeVariables.Shape.MAP) {
        // a server before character_set_collations maps no charset to another collation
        a = a == null ? "" : a;
        b = b == null ? "" : b;
      }
      if (SESSION_OWN.contains(name)
          || RunAnalyzer.PER_INSTANCE_VARIABLES.contains(name)
          || name.startsWith("wsrep_")
          || java.util.Objects.equals(a, b)
          || pathLike(name)) {
        continue;
      }
      if (a == null || b == null) {
        excluded.add(
            new Excluded(
                name,
                null,
                a,
                b,
                "only on " + (a == null ? "NEW" : "OLD") + ": no value to set on the other side"));
      } else if (unsafe(name)) {
        excluded.add(
            new Excluded(name, null, a, b, "not tried: the tool's session needs it as it is"));
      } else if (shape == null) {
        differing.add(new Setting(name, null, a, b, option(name, null, oldOptions, newOptions)));
      } else {
        parts(name, shape, a, b, oldOptions, newOptions, differing, excluded);
      }
    }
  }

  private static void parts(
      String name,
      CompositeVariables.Shape shape,
      String a,
      String b,
      Map<String, Set<String>> oldOptions,
      Map<String, Set<String>> newOptions,
      List<Setting> differing,
      List<Excluded> excluded) {
    Map<String, String> pa = CompositeVariables.parts(shape, a);
    Map<String, String> pb = CompositeVariables.parts(shape, b);
    Set<String> keys = new TreeSet<>(pa.keySet());
    keys.addAll(pb.keySet());
    for (String k : keys) {
      String sa = CompositeVariables.state(shape, pa, k);
      String sb = CompositeVariables.state(shape, pb, k);
      if (java.util.Objects.equals(sa, sb)) {
        continue;
      }
      if (sa == null || sb == null) {
        excluded.add(
            new Excluded(
                name,
                k,
                sa,
                sb,
                "a flag only "
                    + (sa == null ? "NEW" : "OLD")
                    + " has: no value on the other side"));
      } else {
        differing.add(new Setting(name, k, sa, sb, option(name, k, oldOptions, newOptions)));
      }
    }
  }

  /**
   * Why a setting is no candidate, null for a candidate: NEW must take OLD's value for a session; a
   * flag of a flag set must be known to both (OLD takes NEW's state of it), or "OLD's value" of it
   * means nothing.
   */
  private static String refusal(
      Setting s,
      Connection neu,
      Connection old,
      Map<String, String> oldValues,
      Map<String, String> newValues)
      throws SQLException {
    String onNew = trySet(neu, SessionAssignments.set("SESSION", List.of(s), newValues, true));
    if (onNew != null) {
      return onNew.startsWith("cannot") ? onNew : "NEW refuses OLD's value: " + onNew;
    }
    if (s.part() != null && CompositeVariables.shape(s.name()) == CompositeVariables.Shape.FLAGS) {
      String onOld = trySet(old, SessionAssignments.set("SESSION", List.of(s), oldValues, false));
      if (onOld != null) {
        return "OLD does not know this flag: " + onOld;
      }
    }
    return null;
  }

  /** Null when the server took the statement, else why not; a lost connection goes up. */
  private static String trySet(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
      return null;
    } catch (SQLException e) {
      if (SqlStates.connectionGone(e)) {
        throw e;
      }
      String error = "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
      return NOT_FOR_A_SESSION.contains(e.getErrorCode())
          ? "cannot be set for a session: " + error
          : error;
    }
  }

  static boolean unsafe(String name) {
    return UNSAFE_PREFIXES.stream().anyMatch(name::startsWith);
  }

  private static boolean pathLike(String name) {
    return name.endsWith("_dir") || name.endsWith("_file") || name.endsWith("_path");
  }

  /**
   * Which user option named a setting: {@code NEW}, {@code OLD} or null. An option that names a
   * composite variable names the parts it lists (a flag set's or map's whole value names them all).
   */
  private static String option(
      String name,
      String part,
      Map<String, Set<String>> oldOptions,
      Map<String, Set<String>> newOptions) {
    if (named(newOptions.get(name), part)) {
      return "NEW";
    }
    return named(oldOptions.get(name), part) ? "OLD" : null;
  }

  private static boolean named(Set<String> parts, String part) {
    return parts != null && (part == null || parts.isEmpty() || parts.contains(part));
  }

  /**
   * Server options ({@code name=value}, {@code --name=value}, dashes or underscores) by variable:
   * for a switch its flags, else nothing (the whole variable).
   */
  static Map<String, Set<String>> options(List<String> options) {
    Map<String, Set<String>> out = new TreeMap<>();
    for (String o : options) {
      String s = o.strip().replaceFirst("^--", "");
      int eq = s.indexOf('=');
      String name =
          (eq < 0 ? s : s.substring(0, eq)).strip().replace('-', '_').toLowerCase(Locale.ROOT);
      Set<String> parts = new HashSet<>();
      if (eq > 0 && CompositeVariables.shape(name) == CompositeVariables.Shape.SWITCH) {
        String value = s.substring(eq + 1).strip().replaceAll("^['\"]|['\"]$", "");
        parts.addAll(CompositeVariables.parts(CompositeVariables.Shape.SWITCH, value).keySet());
      }
      out.put(name, parts);
    }
    return out;
  }
}
