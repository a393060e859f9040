package io.querytester.run;

import io.querytester.BadInputException;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The append-only {@code executions.jsonl} of a run. Every write goes straight to the file (no
 * buffer in this process), so a killed tool loses at most what it was writing; reopening for {@code
 * --resume} cuts a partial last line off. What repeats is written once and referred to, and an
 * execution whose sides agree takes one short line ({@link LogFormat}); reading gives back the
 * executions written.
 */
public final class ExecutionLog implements AutoCloseable {
  public static final String FILE = "executions.jsonl";

  private final Path file;
  private final FileChannel out;
  private final LogEncoder encoder = new LogEncoder(this::writeLine);

  /**
   * The first write that failed (a full disk): every later write fails with it, so that no retry
   * can put the rest of a torn line after its start, in the middle of the file.
   */
  private IOException failed;

  private ExecutionLog(Path file, FileChannel out) {
    this.file = file;
    this.out = out;
  }

  /** The file written, for messages. */
  public Path file() {
    return file;
  }

  /**
   * Opens for appending; a partial last line left by a crash is removed first.
   *
   * @throws BadInputException when the file is of an older format, which cannot be added to
   */
  public static ExecutionLog append(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    LogDecoder existing = null;
    if (Files.exists(file)) {
      cutPartialLine(file);
      existing = Files.size(file) == 0 ? null : definitions(file);
    }
    ExecutionLog log =
        new ExecutionLog(
            file,
            OwnerOnly.channel(
                file,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND));
    if (existing == null) {
      log.writeLine(LogFormat.HEADER);
    } else {
      log.encoder.known(existing);
    }
    return log;
  }

  /** The definitions of a log to append to; only this version's logs can be added to. */
  private static LogDecoder definitions(Path file) throws IOException {
    try (LogReader r = new LogReader(file, w -> {})) {
      while (r.next() != null) {
        // reading registers the definitions
      }
      if (r.decoder().version() != LogFormat.VERSION) {
        throw new BadInputException(
            file
                + " was written by an older querytester (executions format "
                + r.decoder().version()
                + "); --resume cannot add to it: report it as it is, or replay into a new --out");
      }
      return r.decoder();
    }
  }

  public void write(Execution e) throws IOException {
    writeLine(encoder.line(e)); // encoded outside the lock: lanes encode in parallel
  }

  /**
   * Writes several executions in one write. A definition an execution needs is written while it is
   * encoded, so it still comes before the line that refers to it.
   */
  public void write(List<Execution> executions) throws IOException {
    if (executions.isEmpty()) {
      return;
    }
    StringBuilder lines = new StringBuilder(executions.size() * 96);
    for (Execution e : executions) {
      lines.append(encoder.line(e)).append('\n');
    }
    writeLines(lines.toString());
  }

  private void writeLine(String line) throws IOException {
    writeLines(line + "\n");
  }

  /** Writes {@code lines}, each ended by a newline, in one write. */
  private synchronized void writeLines(String lines) throws IOException {
    if (failed != null) {
      throw failed;
    }
    // String.getBytes copies ASCII text as it is; Charset.encode went through a CharsetEncoder char
    // by char (a quarter of the writer thread's time). Both write a lone surrogate as '?'.
    ByteBuffer bytes = ByteBuffer.wrap(lines.getBytes(StandardCharsets.UTF_8));
    try {
      while (bytes.hasRemaining()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      failed = e;
      throw e;
    }
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }

  /** The event ids already in the log. */
  public static BitSet done(Path runDir) throws IOException {
    BitSet done = new BitSet();
    for (Execution e : read(runDir, w -> {})) {
      done.set(Math.toIntExact(e.event()));
    }
    return done;
  }

  /** Streams the executions of a run; unreadable lines are reported and skipped. */
  public static Iterable<Execution> read(Path runDir, Consumer<String> warnings) {
    Path file = runDir.resolve(FILE);
    return () -> {
      try {
        LogReader in = new LogReader(file, warnings);
        return new Iterator<>() {
          Execution next = advance();

          private Execution advance() {
            try {
              Execution e = in.next();
              if (e == null) {
                in.close();
              }
              return e;
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }

          @Override
          public boolean hasNext() {
            return next != null;
          }

          @Override
          public Execution next() {
            if (next == null) {
              throw new NoSuchElementException();
            }
            Execution e = next;
            next = advance();
            return e;
          }
        };
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    };
  }

  /**
   * Reads the executions of a run in order while {@code each} returns true; the file is closed when
   * it stops, as when the log ends. Unreadable lines are reported and skipped.
   */
  public static void readWhile(Path runDir, Consumer<String> warnings, Predicate<Execution> each) {
    Path file = runDir.resolve(FILE);
    try (LogReader in = new LogReader(file, warnings)) {
      for (Execution e = in.next(); e != null && each.test(e); e = in.next()) {
        // each has taken it
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static void cutPartialLine(Path file) throws IOException {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = ch.size();
      long keep = size;
      ByteBuffer one = ByteBuffer.allocate(1);
      while (keep > 0) {
        one.clear();
        ch.read(one, keep - 1);
        if (one.get(0) == '\n') {
          break;
        }
        keep--;
      }
      if (keep < size) {
        ch.truncate(keep);
      }
    }
  }
}
