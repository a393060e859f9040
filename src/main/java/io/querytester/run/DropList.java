package io.querytester.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.OwnerOnly;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code dropped.jsonl}: what a replay dropped or skipped while reading its workload (lines that
 * are not events, a file cut short, statements too long), one line each, so that every report lists
 * them in its notes instead of a run that looks complete. Each replay (a resumed one too) reads the
 * whole workload and writes the file anew.
 */
public final class DropList implements AutoCloseable {
  public static final String FILE = "dropped.jsonl";
  static final String FORMAT = "querytester-dropped";

  /** Notes listed one by one in a report; the rest are counted. */
  static final int LISTED = 20;

  private final JsonLines out;

  private DropList(Writer out) {
    this.out = new JsonLines(out);
  }

  /** Starts the list of a replay, replacing the one of an earlier (stopped) attempt. */
  public static DropList create(Path runDir) throws IOException {
    Writer w = OwnerOnly.newBufferedWriter(runDir.resolve(FILE), StandardCharsets.UTF_8);
    DropList d = new DropList(w);
    d.out.line(Map.of("format", FORMAT, "version", 1));
    return d;
  }

  /** One thing dropped: where it was in the workload and why. */
  public synchronized void add(String what) {
    out.add(Map.of("dropped", what));
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }

  /** What the run's replay dropped, in workload order; empty when nothing (or an older run). */
  public static List<String> read(Path runDir) {
    List<String> out = new ArrayList<>();
    try (BufferedReader in =
        Files.newBufferedReader(runDir.resolve(FILE), StandardCharsets.UTF_8)) {
      for (String line; (line = in.readLine()) != null; ) {
        JsonNode n = JsonLines.parse(line);
        if (n != null && n.hasNonNull("dropped")) {
          out.add(n.get("dropped").asText());
        }
      }
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + runDir.resolve(FILE), e);
    }
    return out;
  }

  /**
   * Save now, compare later: what either run dropped is what the joined run misses (the same
   * workload drops the same lines, listed once).
   */
  public static void join(Path oldRun, Path newRun, Path out) throws IOException {
    union(List.of(oldRun, newRun), out);
  }

  /**
   * What the given runs of one workload dropped, each item once, in the order of the runs: the list
   * of a merged or joined run. Every shard reads the whole workload, so shards drop the same items
   * and this is one shard's list; were they to differ, nothing any of them dropped is lost. Writes
   * nothing when no run dropped anything.
   */
  public static void union(List<Path> runs, Path out) throws IOException {
    java.util.Set<String> all = new java.util.LinkedHashSet<>();
    runs.forEach(r -> all.addAll(read(r)));
    if (all.isEmpty()) {
      return;
    }
    try (DropList d = create(out)) {
      all.forEach(d::add);
    }
  }

  /** The report's notes for the dropped items: the first {@link #LISTED}, then a count. */
  public static List<String> notes(List<String> dropped) {
    if (dropped.isEmpty()) {
      return List.of();
    }
    List<String> notes = new ArrayList<>();
    notes.add(
        dropped.size()
            + " workload item(s) dropped or skipped while reading (not replayed, not compared):");
    dropped.stream().limit(LISTED).map(d -> "dropped: " + d).forEach(notes::add);
    if (dropped.size() > LISTED) {
      notes.add("dropped: " + (dropped.size() - LISTED) + " more, listed in " + FILE);
    }
    return notes;
  }
}
