package io.querytester.replay;

import io.querytester.server.ReadOnlySessions;
import io.querytester.server.Target;
import io.querytester.workload.ClientCharset;
import io.querytester.workload.SqlModes;
import io.querytester.workload.SqlReading;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;

/**
 * How one target's replay sessions read statements when they open, read once before the replay on a
 * connection opened as every session's is: its sql_mode and client character set (a URL's {@code
 * sessionVariables}, the account's {@code init_connect} and the server's defaults all show), the
 * encoding Connector/J sends text in (asked of the server: the bytes of a probe as it received
 * them), and the global values that {@code DEFAULT} sets.
 *
 * @param initial a new session's reading; null when it cannot be told
 * @param global what {@code SET sql_mode = DEFAULT} and {@code SET NAMES DEFAULT} give; null when
 *     it cannot be told
 * @param unknown why {@code initial} cannot be told, else null: every statement is skipped
 * @param tracked whether the server reports what each statement changed in the session
 */
record ReadingStart(SqlReading initial, SqlReading global, String unknown, boolean tracked) {
  /** Characters whose bytes tell UTF-8 from the usual other encodings. */
  private static final String PROBE = "\u00e9\u4e2d";

  /** As a session of a server that reads every statement as the analysis does by default. */
  static final ReadingStart DEFAULT = new ReadingStart(SqlReading.DEFAULT, null, null, false);

  static ReadingStart read(Connection c, Target target) throws SQLException {
    boolean tracked = ReadOnlySessions.tracksSessions(target.info());
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT @@session.sql_mode, @@session.character_set_client, @@global.sql_mode,"
                    + " @@global.character_set_client, HEX(_binary'"
                    + PROBE
                    + "')")) {
      rs.next();
      Charset sent = sent(rs.getString(5), c);
      if (sent == null) {
        return unknown(
            "Connector/J sends statements to "
                + target.label()
                + " in an encoding this tool cannot tell (characterEncoding in the URL?)",
            tracked);
      }
      SqlModes modes = SqlModes.ofNames(rs.getString(1));
      ClientCharset client = ClientCharset.named(rs.getString(2));
      SqlModes globalModes = SqlModes.ofNames(rs.getString(3));
      ClientCharset globalClient = ClientCharset.named(rs.getString(4));
      SqlReading global =
          globalModes == null || globalClient == null
              ? null
              : new SqlReading(globalModes, globalClient, sent);
      if (modes == null || client == null) {
        return unknown(
            target.label()
                + "'s sessions start with sql_mode '"
                + rs.getString(1)
                + "' and character_set_client "
                + rs.getString(2)
                + ", which this tool cannot read",
            tracked);
      }
      return new ReadingStart(new SqlReading(modes, client, sent), global, null, tracked);
    }
  }

  private static ReadingStart unknown(String why, boolean tracked) {
    return new ReadingStart(null, null, why, tracked);
  }

  /** The encoding whose bytes of the probe the server received, or null. */
  private static Charset sent(String hex, Connection c) throws SQLException {
    for (Charset candidate : candidates(c)) {
      if (HexFormat.of().withUpperCase().formatHex(PROBE.getBytes(candidate)).equals(hex)) {
        return candidate;
      }
    }
    return null;
  }

  private static Charset[] candidates(Connection c) throws SQLException {
    String property =
        c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class)
            .getPropertySet()
            .getStringProperty(com.mysql.cj.conf.PropertyKey.characterEncoding)
            .getValue();
    if (property != null && Charset.isSupported(property)) {
      return new Charset[] {StandardCharsets.UTF_8, Charset.forName(property)};
    }
    return new Charset[] {StandardCharsets.UTF_8};
  }
}
