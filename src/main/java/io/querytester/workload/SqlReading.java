package io.querytester.workload;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * How a session's server reads the statements sent to it: the parts of its sql_mode that change
 * tokens, the client character set its lexer splits bytes with, and the encoding the driver sends
 * text in. A statement is analysed as the text the server will see under this reading, not as the
 * workload holds it.
 *
 * @param modes ANSI_QUOTES, NO_BACKSLASH_ESCAPES, MSSQL
 * @param client {@code character_set_client}
 * @param sent the Java encoding Connector/J sends statements in (its {@code characterEncoding}); it
 *     does not follow a SET NAMES of the workload's
 */
public record SqlReading(SqlModes modes, ClientCharset client, Charset sent) {
  /** A replay connection as it opens: no such mode, utf8mb4, UTF-8. */
  public static final SqlReading DEFAULT =
      new SqlReading(SqlModes.NONE, ClientCharset.UTF8MB4, StandardCharsets.UTF_8);

  /** The same reading under other modes. */
  public SqlReading withModes(SqlModes m) {
    return new SqlReading(m, client, sent);
  }

  /** The same reading with another client character set. */
  public SqlReading withClient(ClientCharset c) {
    return new SqlReading(modes, c, sent);
  }

  /**
   * Whether it reads every statement as the analysis does by default. Asked for every statement and
   * side: no record comparison, which goes through the record's generated equals.
   */
  public boolean isDefault() {
    return modes.none()
        && client.rule() == ClientCharset.Rule.UTF8MB4
        && sent.equals(StandardCharsets.UTF_8);
  }

  /**
   * What the server's lexer sees of {@code sql} under this reading (see {@link ClientBytes}), or
   * why that cannot be told.
   */
  ClientBytes.Seen see(String sql) {
    return ClientBytes.see(sql, this);
  }

  /** How a skip reason names it: {@code sql_mode ANSI_QUOTES, character_set_client gbk}. */
  public String describe() {
    return "sql_mode " + modes + ", character_set_client " + client.name();
  }
}
