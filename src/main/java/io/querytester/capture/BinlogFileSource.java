package io.querytester.capture;

import com.github.shyiko.mysql.binlog.BinaryLogFileReader;
import com.github.shyiko.mysql.binlog.event.Event;
import io.querytester.BadInputException;
import io.querytester.workload.WorkloadHeader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Binlog files (MySQL or MariaDB, with or without checksums) read in the order given. Byte offsets
 * are counted from the event lengths, so they are right even where the server wrote position 0
 * (MariaDB 11.4 inside transactions). A file cut short or damaged ends with a warning naming the
 * byte offset, and capture goes on with the next file.
 */
final class BinlogFileSource extends CaptureSource {
  private final List<Path> files;
  private String version;

  BinlogFileSource(List<String> names) {
    if (names.isEmpty()) {
      throw new BadInputException("--type binlog needs binlog files or --source SPEC");
    }
    List<Path> paths = new ArrayList<>();
    for (String n : names) {
      Path p = Path.of(n);
      if (!Files.isRegularFile(p)) {
        throw new BadInputException("binlog file " + n + " does not exist or is not a file");
      }
      paths.add(p);
    }
    this.files = List.copyOf(paths);
  }

  @Override
  public String kind() {
    return "binlog";
  }

  @Override
  public String order() {
    return WorkloadHeader.COMMIT;
  }

  @Override
  public String serverVersion() {
    return version;
  }

  @Override
  public boolean readsFiles() {
    return true;
  }

  @Override
  void run(EventSink sink) throws IOException {
    BinlogEvents events = new BinlogEvents(sink);
    for (Path f : files) {
      if (sink.stopping() || !read(f, events, sink)) {
        break;
      }
    }
    events.finish();
  }

  /** Reads one file; false when the sink wants no more. */
  private boolean read(Path f, BinlogEvents events, EventSink sink) throws IOException {
    events.file(f.getFileName().toString());
    long offset = 4;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(f), 1 << 16)) {
      BinaryLogFileReader reader;
      try {
        reader = new BinaryLogFileReader(in, BinlogEvents.deserializer());
      } catch (IOException | RuntimeException e) {
        sink.skip("unreadable files", f + ": not a binlog file (" + e.getMessage() + "); skipped");
        return true;
      }
      while (true) {
        Event e;
        try {
          e = reader.readEvent();
        } catch (IOException | RuntimeException ex) {
          sink.skip(
              "bad events",
              f
                  + ": cannot read the event at byte "
                  + offset
                  + " ("
                  + ex.getMessage()
                  + "); the rest of this file is skipped");
          return true;
        }
        if (e == null) {
          return true;
        }
        sink.count("binlog events read", 1);
        if (!events.on(e, offset)) {
          return false;
        }
        offset +=
            e.getHeader() instanceof com.github.shyiko.mysql.binlog.event.EventHeaderV4 h
                ? h.getEventLength()
                : 0;
        if (version == null) {
          version = versionOf(e);
        }
      }
    }
  }

  static String versionOf(Event e) {
    return e.getData() instanceof com.github.shyiko.mysql.binlog.event.FormatDescriptionEventData fd
        ? fd.getServerVersion()
        : null;
  }
}
