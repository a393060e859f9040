package io.querytester.server;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A server to replay against: started by us (embedded, docker) or already running (jdbc). Closing a
 * target stops what we started and leaves a real host alone.
 */
public interface Target extends AutoCloseable {

  /** OLD, NEW, SOURCE, REPLICA-1 ...: how reports name this side. */
  String label();

  TargetSpec spec();

  ServerInfo info();

  /** A new connection with the program name attribute, the shared collation and timeouts. */
  Connection connect() throws SQLException;

  /**
   * A connection that passes SQL text to the server byte for byte, for loading dumps: the text must
   * hold one char per byte (a file read as ISO-8859-1), because a dump's binary strings are not
   * UTF-8 and must not be re-encoded. The session starts as the mysql client's does, with {@code
   * SET NAMES utf8mb4} in the shared collation, and the dump's own {@code SET NAMES} then applies.
   */
  Connection connectForLoad() throws SQLException;

  /** The server's error log, when this tool can read it. */
  Optional<Path> errorLog();

  /** Label, spec and version, passwords masked: for progress lines and reports. */
  default String describe() {
    return label() + " " + spec().display() + " (" + info().version() + ")";
  }

  @Override
  void close();
}
