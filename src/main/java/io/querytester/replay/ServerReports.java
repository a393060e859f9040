package io.querytester.replay;

import com.mysql.cj.jdbc.JdbcConnection;
import com.mysql.cj.protocol.ServerSessionStateController;
import com.mysql.cj.protocol.ServerSessionStateController.ServerSessionStateChanges;
import com.mysql.cj.protocol.ServerSessionStateController.SessionStateChange;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the server said one connection's statements changed in its session: the system variables and
 * transaction characteristics its OK packets carry (session state tracking, enabled with {@code
 * trackSessionState} and {@code session_track_system_variables = '*'}). Connector/J hands them over
 * on the thread that reads the answer; the lane takes them after the statement, when both sides
 * have ended. Costs nothing for a statement that changes nothing: the server sends nothing, and the
 * driver calls nothing.
 */
final class ServerReports implements ServerSessionStateController.SessionStateChangesListener {
  /** Reports kept at most between two takes: beyond, the last says so (and fails the check). */
  private static final int MAX = 64;

  /** The name under which transaction characteristics are reported. */
  static final String CHARACTERISTICS = "transaction characteristics";

  /**
   * One change.
   *
   * @param name the variable, lower case, or {@link #CHARACTERISTICS}
   * @param value as the server sent it
   */
  record Report(String name, String value) {}

  static final Report OVERFLOW = new Report("(more reports than kept)", "");

  /** What a check that could not ask the server (no tracking there) reports. */
  static final Report UNANSWERED = new Report("(no answer)", "");

  private List<Report> reports; // null when none since the last take

  private ServerReports() {}

  /**
   * A listener on {@code c}'s session tracking, or null for a connection that is none of
   * Connector/J's. The driver keeps listeners weakly: the caller holds the one returned.
   */
  static ServerReports attach(Connection c) {
    try {
      ServerReports r = new ServerReports();
      c.unwrap(JdbcConnection.class)
          .getSession()
          .getServerSession()
          .getServerSessionStateController()
          .addSessionStateChangesListener(r);
      return r;
    } catch (SQLException | RuntimeException e) {
      return null;
    }
  }

  @Override
  public void handleSessionStateChanges(ServerSessionStateChanges changes) {
    if (changes == null || changes.getSessionStateChangesList() == null) {
      return;
    }
    for (SessionStateChange ch : changes.getSessionStateChangesList()) {
      List<String> v = ch.getValues();
      switch (ch.getType()) {
        case ServerSessionStateController.SESSION_TRACK_SYSTEM_VARIABLES -> {
          for (int i = 0; i + 1 < v.size(); i += 2) {
            add(new Report(v.get(i).toLowerCase(Locale.ROOT), v.get(i + 1)));
          }
        }
        case ServerSessionStateController.SESSION_TRACK_TRANSACTION_CHARACTERISTICS -> {
          if (!v.isEmpty() && !v.getFirst().isEmpty()) {
            add(new Report(CHARACTERISTICS, v.getFirst()));
          }
        }
        default -> {} // schema, GTIDs, transaction state: nothing the read-only check needs
      }
    }
  }

  /** A report from elsewhere: the answer of a check on a server that tracks nothing. */
  void told(Report r) {
    add(r);
  }

  private void add(Report r) {
    if (reports == null) {
      reports = new ArrayList<>(4);
    }
    if (reports.size() < MAX) {
      reports.add(r);
    } else {
      reports.set(MAX - 1, OVERFLOW);
    }
  }

  /** The reports since the last take, oldest first; empty when none. */
  List<Report> take() {
    List<Report> r = reports;
    reports = null;
    return r == null ? List.of() : r;
  }
}
