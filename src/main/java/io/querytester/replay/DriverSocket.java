package io.querytester.replay;

import com.mysql.cj.NativeSession;
import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.jdbc.JdbcConnection;
import com.mysql.cj.protocol.SocketConnection;
import java.io.IOException;
import java.sql.SQLException;

/**
 * The Connector/J internals that watching a statement's socket needs, in one place: its socket
 * timeout, the bytes waiting on it, and closing it under a reader. None of it is JDBC; each would
 * change with the driver's internals.
 */
final class DriverSocket {
  private DriverSocket() {}

  /** The connection's socket timeout in milliseconds (0: none). */
  static int timeout(JdbcConnection c) {
    return c.getSession().getPropertySet().getIntegerProperty(PropertyKey.socketTimeout).getValue();
  }

  /** Sets the socket timeout of the connection and its socket; throws when the socket broke. */
  static void setTimeout(JdbcConnection c, int millis) {
    ((NativeSession) c.getSession()).setSocketTimeout(millis);
  }

  /** Puts a socket timeout back; a connection that broke meanwhile is opened anew anyway. */
  static void restoreTimeout(JdbcConnection c, int millis) {
    try {
      setTimeout(c, millis);
    } catch (RuntimeException e) {
      // broken: reopened by its session
    }
  }

  /** Bytes that came and wait to be read (through TLS, only those already decrypted). */
  static boolean bytesWaiting(JdbcConnection c) {
    try {
      return socket(c).getMysqlInput().available() > 0;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static SocketConnection socket(JdbcConnection c) {
    return ((NativeSession) c.getSession()).getProtocol().getSocketConnection();
  }

  /** Closes the connection's socket: a read blocked on it ends with an error. */
  static void giveUp(JdbcConnection c) {
    try {
      c.abort(Runnable::run);
    } catch (SQLException | RuntimeException e) {
      try {
        socket(c).forceClose();
      } catch (RuntimeException ignored) {
        // closed already
      }
    }
  }
}
