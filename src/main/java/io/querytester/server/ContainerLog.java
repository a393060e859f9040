package io.querytester.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * Copies a container's output into a local file as it arrives. MySQL and MariaDB images write their
 * error log to the container's output, so this file is the target's error log: health reads it like
 * an embedded server's.
 */
final class ContainerLog implements Consumer<OutputFrame>, AutoCloseable {
  private final Path file;
  private final OutputStream out;

  ContainerLog(Path file) throws IOException {
    this.file = file;
    this.out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  Path file() {
    return file;
  }

  @Override
  public synchronized void accept(OutputFrame frame) {
    byte[] bytes = frame.getBytes();
    if (bytes == null) {
      return;
    }
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      // The disk is full or the file is gone: the server runs on; only its log copy suffers.
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      // nothing left to save
    }
  }
}
