package io.querytester.run;

import io.querytester.OwnerOnly;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code health.jsonl} in the run folder: crashes, restarts, first sightings of error-log classes
 * and each side's summary, one JSON object a line, flushed as written, so that a tool that dies
 * leaves behind everything it saw.
 */
public final class HealthLog implements AutoCloseable {
  public static final String FILE = "health.jsonl";

  /** What {@link #merge} adds to a shard's side. */
  private static final Pattern SHARD_SUFFIX = Pattern.compile(" [0-9]+/[0-9]+$");

  private final Path file;
  private Writer out;
  private boolean failed;

  public HealthLog(Path runDir) {
    this.file = runDir.resolve(FILE);
  }

  /** Appends a record; the file is created on the first one. A full disk is reported once. */
  public synchronized void write(HealthRecord r, Consumer<String> problems) {
    if (failed) {
      return;
    }
    try {
      if (out == null) {
        OwnerOnly.directories(file.getParent());
        out =
            OwnerOnly.newBufferedWriter(
                file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      }
      out.write(RunJson.MAPPER.writeValueAsString(r));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      failed = true;
      problems.accept("cannot write " + file + ": " + e.getMessage());
    }
  }

  @Override
  public synchronized void close() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        // every line was flushed when written
      }
    }
  }

  /**
   * Save now, compare later: the health of two single-target runs becomes the health of the joined
   * run, the first run's target as OLD and the second's as NEW. The sides of merged shards keep
   * their shard ("OLD 2/4").
   */
  public static void join(Path oldRun, Path newRun, Path out, Consumer<String> warnings) {
    List<HealthRecord> olds = read(oldRun, warnings);
    List<HealthRecord> news = read(newRun, warnings);
    if (olds.isEmpty() && news.isEmpty()) {
      return;
    }
    try (HealthLog log = new HealthLog(out)) {
      olds.forEach(r -> log.write(relabel(r, "OLD" + shardOf(side(r))), warnings));
      news.forEach(r -> log.write(relabel(r, "NEW" + shardOf(side(r))), warnings));
    }
  }

  /**
   * " K/N" of a side that {@link #merge} labelled, else empty: a single target's label has none.
   */
  private static String shardOf(String side) {
    Matcher m = SHARD_SUFFIX.matcher(side);
    return m.find() ? m.group() : "";
  }

  /**
   * Shards: each shard's health stays its own, its sides labelled with the shard ("OLD 2/4"), so a
   * crash names the shard and the pair it happened on.
   *
   * @param shards each shard's run folder and the label suffix of its sides
   */
  public static void merge(Map<Path, String> shards, Path out, Consumer<String> warnings) {
    try (HealthLog log = new HealthLog(out)) {
      shards.forEach(
          (dir, suffix) ->
              read(dir, warnings)
                  .forEach(r -> log.write(relabel(r, side(r) + " " + suffix), warnings)));
    }
  }

  private static String side(HealthRecord r) {
    return switch (r) {
      case CrashEvent c -> c.side();
      case RestartEvent e -> e.side();
      case StallEvent t -> t.side();
      case LogSighting l -> l.side();
      case HealthSegment g -> g.side();
    };
  }

  static HealthRecord relabel(HealthRecord r, String side) {
    return switch (r) {
      case CrashEvent c ->
          new CrashEvent(
              side,
              c.number(),
              c.cause(),
              c.lastSeenUp(),
              c.detected(),
              c.firstLost(),
              c.uptimeBefore(),
              c.inFlight(),
              c.lostAfter(),
              c.recent(),
              c.action(),
              c.crashers());
      case RestartEvent e ->
          new RestartEvent(side, e.crash(), e.at(), e.restarted(), e.seconds(), e.message());
      case StallEvent t ->
          new StallEvent(
              side,
              t.number(),
              t.lastAnswer(),
              t.detected(),
              t.answered(),
              t.uptimeBefore(),
              t.uptimeAfter(),
              t.heldUp(),
              t.outcome());
      case LogSighting l -> new LogSighting(side, l.logClass());
      case HealthSegment g ->
          new HealthSegment(
              side,
              g.spec(),
              g.version(),
              g.started(),
              g.ended(),
              g.uptimeStart(),
              g.uptimeEnd(),
              g.statements(),
              g.crashes(),
              g.restarts(),
              g.downReason(),
              g.before(),
              g.after(),
              g.risen(),
              g.errorLogSource(),
              g.errorLog(),
              g.notes());
    };
  }

  /** Every readable record of a run folder, in order; none when the run had no health watch. */
  public static List<HealthRecord> read(Path runDir, Consumer<String> warnings) {
    Path file = runDir.resolve(FILE);
    List<HealthRecord> out = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      long n = 0;
      for (String line; (line = in.readLine()) != null; ) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        try {
          out.add(RunJson.MAPPER.readValue(line, HealthRecord.class));
        } catch (IOException e) {
          warnings.accept(file + ":" + n + ": unreadable health line skipped");
        }
      }
    } catch (NoSuchFileException e) {
      return out;
    } catch (IOException e) {
      warnings.accept("cannot read " + file + ": " + e.getMessage());
    }
    return out;
  }
}
