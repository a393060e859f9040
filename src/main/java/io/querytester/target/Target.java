package io.querytester.target;

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

  /** The server's error log, when this tool can read it. */
  Optional<Path> errorLog();

  /** Label, spec and version, passwords masked: for progress lines and reports. */
  default String describe() {
    return label() + " " + spec().display() + " (" + info().version() + ")";
  }

  @Override
  void close();
}
