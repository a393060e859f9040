package io.querytester.health;

import io.querytester.OwnerOnly;
import io.querytester.run.LogClass;
import io.querytester.run.LogSighting;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;

/**
 * Reads the new lines of one target's error log into message classes, per phase, across restarts;
 * the first line of a class new during the run goes to {@code health.jsonl} at once, so that a tool
 * that dies still leaves it behind.
 */
final class ErrorLogReader {
  /** Bytes of a started server's error log kept in the run folder. */
  static final long KEEP_LOG = 16 << 20;

  private final MonitorContext context;
  private final List<String> notes;
  private final ErrorLogClasses classes = new ErrorLogClasses();
  private final LogLineClassifier classifier = new LogLineClassifier(ZoneId.systemDefault());

  /**
   * @param notes what the watch could not do
   */
  ErrorLogReader(MonitorContext context, List<String> notes) {
    this.context = context;
    this.notes = notes;
  }

  /** Notes a log that cannot be read and takes the lines logged before the replay. */
  void begin(Connection probe) {
    if (context.errorLog() == null) {
      notes.add(
          "error log not read: give --"
              + context.label().toLowerCase(Locale.ROOT)
              + "-error-log FILE for a server this tool did not start");
    }
    read(LogClass.Phase.STARTUP, probe);
  }

  /**
   * Reads the lines logged since the last read.
   *
   * @param probe the monitor's connection, for a log a server keeps in a table
   */
  void read(LogClass.Phase phase, Connection probe) {
    ErrorLogSource errorLog = context.errorLog();
    if (errorLog == null) {
      return;
    }
    try {
      Instant now = context.clock().instant();
      for (String line : errorLog.readNew(probe)) {
        LogClass first = classes.add(classifier.classify(line), phase, now);
        if (first != null && phase == LogClass.Phase.RUN) {
          context.log().write(new LogSighting(context.label(), first), notes::add);
        }
      }
    } catch (RuntimeException e) {
      notes.add("error log " + errorLog.describe() + " could not be read: " + e);
    }
  }

  /** Every class so far, start-up first. */
  List<LogClass> classes() {
    return classes.snapshot();
  }

  /**
   * Where the lines came from, for the report; null when from nowhere. The log of a server this
   * tool started is removed with it: a copy (its last {@link #KEEP_LOG} bytes) stays in the run
   * folder, and the report names the copy.
   */
  String source() {
    ErrorLogSource errorLog = context.errorLog();
    if (errorLog == null) {
      return null;
    }
    Path keepLogAs = context.keepLogAs();
    if (keepLogAs == null || context.target().errorLog().isEmpty()) {
      return errorLog.describe();
    }
    Path from = context.target().errorLog().get();
    try (FileChannel in = FileChannel.open(from);
        FileChannel out =
            OwnerOnly.channel(
                keepLogAs,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
      long start = Math.max(0, in.size() - KEEP_LOG);
      for (long done = start; done < in.size(); ) {
        done += in.transferTo(done, in.size() - done, out);
      }
      return keepLogAs.toString();
    } catch (IOException e) {
      notes.add("could not keep a copy of " + from + ": " + e.getMessage());
      return errorLog.describe();
    }
  }
}
