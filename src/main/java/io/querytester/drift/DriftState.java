package io.querytester.drift;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.BadInputException;
import io.querytester.OwnerOnly;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state file {@code drift-state.jsonl} in the output folder: a header line that names the check
 * (source, replicas, filters, float precision), then one line per finished chunk, flushed as it is
 * written. A resumed check reads it back, skips finished tables and goes on after the last finished
 * chunk of an unfinished one; a torn last line (killed mid-write) is ignored.
 */
final class DriftState implements AutoCloseable {
  static final String FILE = "drift-state.jsonl";
  static final String FORMAT = "querytester-drift-state";
  static final int VERSION = 1;

  /** What makes two runs the same check. */
  record Header(
      String format,
      int version,
      String source,
      List<String> replicas,
      String filter,
      int floatPrecision) {
    Header {
      replicas = List.copyOf(replicas);
    }

    static Header of(String source, List<String> replicas, String filter, int floatPrecision) {
      return new Header(FORMAT, VERSION, source, replicas, filter, floatPrecision);
    }
  }

  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private final Path path;
  private final BufferedWriter out;
  private final Map<String, List<ChunkResult>> previous;

  private DriftState(Path path, BufferedWriter out, Map<String, List<ChunkResult>> previous) {
    this.path = path;
    this.out = out;
    this.previous = previous;
  }

  /** A new state file (an old one is replaced). */
  static DriftState create(Path dir, Header header) throws IOException {
    OwnerOnly.directories(dir);
    Path path = dir.resolve(FILE);
    BufferedWriter out = OwnerOnly.newBufferedWriter(path, StandardCharsets.UTF_8);
    DriftState state = new DriftState(path, out, Map.of());
    state.line(header);
    return state;
  }

  /** Reads what a previous run finished and appends to the same file. */
  static DriftState resume(Path dir, Header header) throws IOException {
    Path path = dir.resolve(FILE);
    if (!Files.exists(path)) {
      throw new BadInputException(
          "--resume: no " + FILE + " in " + dir + "; run without --resume to start a check");
    }
    Map<String, List<ChunkResult>> previous = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
    checkHeader(path, lines, header);
    for (int i = 1; i < lines.size(); i++) {
      try {
        ChunkResult r = JSON.readValue(lines.get(i), ChunkResult.class);
        previous.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r);
      } catch (JsonProcessingException e) {
        if (i < lines.size() - 1) {
          throw new BadInputException(
              path
                  + " line "
                  + (i + 1)
                  + " is not a chunk result ("
                  + e.getOriginalMessage()
                  + ")");
        }
        // A torn last line: the run was killed while writing it. That chunk is done again.
      }
    }
    // Rewrite without a torn tail, then append.
    List<String> keep = new ArrayList<>();
    keep.add(lines.get(0));
    previous.values().forEach(l -> l.forEach(r -> keep.add(write(r))));
    Files.write(path, keep, StandardCharsets.UTF_8);
    BufferedWriter out =
        OwnerOnly.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    return new DriftState(path, out, previous);
  }

  /** Chunks a previous run finished for this table, in order. */
  List<ChunkResult> previous(String table) {
    return previous.getOrDefault(table, List.of());
  }

  synchronized void append(ChunkResult r) {
    try {
      line(r);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
    }
  }

  private void line(Object o) throws IOException {
    out.write(write(o));
    out.newLine();
    out.flush();
  }

  private static String write(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize " + o.getClass().getSimpleName(), e);
    }
  }

  private static void checkHeader(Path path, List<String> lines, Header expected) {
    Header found;
    try {
      found = lines.isEmpty() ? null : JSON.readValue(lines.get(0), Header.class);
    } catch (JsonProcessingException e) {
      found = null;
    }
    if (found == null || !FORMAT.equals(found.format())) {
      throw new BadInputException(path + " is not a drift state file (line 1)");
    }
    if (found.version() != VERSION) {
      throw new BadInputException(
          path + " line 1: state version " + found.version() + ", this build reads " + VERSION);
    }
    if (!found.equals(expected)) {
      throw new BadInputException(
          path
              + " line 1: it belongs to another check ("
              + found.source()
              + " -> "
              + found.replicas()
              + ", filters "
              + found.filter()
              + ", float precision "
              + found.floatPrecision()
              + "); run with the same options, or without --resume to start again");
    }
  }

  static Path file(Path dir) {
    return dir.resolve(FILE);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** For JSON reports: the same mapper settings. */
  static ObjectMapper json() {
    return JSON;
  }
}
