package io.querytester.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A run's executions by event, read from the file when asked: the index holds where each event's
 * line starts (8 bytes per event) and the log's definitions, never the executions, so joining two
 * runs of a million events stays in a small heap.
 */
public final class ExecutionIndex implements AutoCloseable {
  private final FileChannel channel;
  private final LogDecoder decoder;
  private final long[] offsets;
  private final int size;
  private ByteBuffer buf = ByteBuffer.allocate(4096);

  private ExecutionIndex(FileChannel channel, LogDecoder decoder, long[] offsets, int size) {
    this.channel = channel;
    this.decoder = decoder;
    this.offsets = offsets;
    this.size = size;
  }

  /** Reads the run's log once; unreadable lines are reported and left out. */
  public static ExecutionIndex open(Path runDir, Consumer<String> warnings) {
    Path file = runDir.resolve(ExecutionLog.FILE);
    long[] offsets = new long[1024];
    Arrays.fill(offsets, -1);
    int size = 0;
    try (LogReader r = new LogReader(file, warnings)) {
      for (Execution e; (e = r.next()) != null; ) {
        int event = Math.toIntExact(e.event());
        if (event >= offsets.length) {
          int old = offsets.length;
          offsets = Arrays.copyOf(offsets, Math.max(old * 2, event + 1));
          Arrays.fill(offsets, old, offsets.length, -1);
        }
        size += offsets[event] < 0 ? 1 : 0;
        offsets[event] = r.offset();
      }
      return new ExecutionIndex(
          FileChannel.open(file, StandardOpenOption.READ), r.decoder(), offsets, size);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** How many events the run holds. */
  public int size() {
    return size;
  }

  /** The execution of {@code event}, or null when the run has none. */
  public Execution get(long event) {
    if (event < 0 || event >= offsets.length || offsets[(int) event] < 0) {
      return null;
    }
    try {
      return decoder.decode(line(offsets[(int) event]));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read event " + event + " again", e);
    }
  }

  private String line(long at) throws IOException {
    buf.clear();
    while (true) {
      int read = channel.read(buf, at + buf.position());
      for (int i = buf.position() - Math.max(read, 0); i < buf.position(); i++) {
        if (buf.get(i) == '\n') {
          return new String(buf.array(), 0, i, StandardCharsets.UTF_8);
        }
      }
      if (read <= 0) {
        return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
      }
      if (!buf.hasRemaining()) {
        ByteBuffer bigger = ByteBuffer.allocate(buf.capacity() * 2);
        buf.flip();
        bigger.put(buf);
        buf = bigger;
      }
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
