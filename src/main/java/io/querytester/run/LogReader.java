package io.querytester.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads a log's executions one by one, in file order; lines that cannot be read (a line a crash
 * cut, a damaged one) are reported and skipped, as they always were.
 */
final class LogReader implements AutoCloseable {
  private final Path file;
  private final LogLines lines;
  private final LogDecoder decoder;
  private final Consumer<String> warnings;
  private long lineNo;

  LogReader(Path file, Consumer<String> warnings) throws IOException {
    this.file = file;
    this.lines = new LogLines(file);
    this.decoder = new LogDecoder(file);
    this.warnings = warnings;
  }

  /** The next execution, or null at the end of the file. */
  Execution next() throws IOException {
    for (String line; (line = lines.next()) != null; ) {
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      try {
        Execution e = decoder.decode(line);
        if (e != null) {
          return e;
        }
      } catch (IOException | IllegalArgumentException | ArithmeticException e) {
        warnings.accept(file + ":" + lineNo + ": unreadable execution line skipped");
      }
    }
    return null;
  }

  /** Where the line of the execution last returned starts. */
  long offset() {
    return lines.offset();
  }

  /** The definitions read so far. */
  LogDecoder decoder() {
    return decoder;
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
