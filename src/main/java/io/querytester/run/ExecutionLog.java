package io.querytester.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * The append-only {@code executions.jsonl} of a run. Every line is flushed when written, so a
 * killed tool loses at most the line it was writing; reopening for {@code --resume} cuts such a
 * partial last line off.
 */
public final class ExecutionLog implements AutoCloseable {
  public static final String FILE = "executions.jsonl";

  private final Path file;
  private final Writer out;
  private final ObjectMapper mapper = RunJson.MAPPER;

  private ExecutionLog(Path file, Writer out) {
    this.file = file;
    this.out = out;
  }

  /** The file written, for messages. */
  public Path file() {
    return file;
  }

  /** Opens for appending; a partial last line left by a crash is removed first. */
  public static ExecutionLog append(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    if (Files.exists(file)) {
      cutPartialLine(file);
    }
    return new ExecutionLog(
        file,
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND));
  }

  public void write(Execution e) throws IOException {
    String line = mapper.writeValueAsString(e); // outside the lock: lanes serialise in parallel
    synchronized (this) {
      out.write(line);
      out.write('\n');
      out.flush();
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
        BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        return new Iterator<>() {
          long lineNo;
          Execution next = advance();

          private Execution advance() {
            try {
              for (String line; (line = in.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) {
                  continue;
                }
                try {
                  return RunJson.MAPPER.readValue(line, Execution.class);
                } catch (IOException e) {
                  warnings.accept(file + ":" + lineNo + ": unreadable execution line skipped");
                }
              }
              in.close();
              return null;
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
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
        throw new java.io.UncheckedIOException("cannot read " + file, e);
      }
    };
  }

  private static void cutPartialLine(Path file) throws IOException {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = ch.size();
      long keep = size;
      java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
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
