package io.querytester.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code order.jsonl}: how a write replay kept production's order between sessions: one summary
 * line, and a line for each time the order was relaxed (a statement let run before the ones it
 * waited for, because a server's lock, or the order's own waits, held both up), so that every
 * report says where the replay's order was not production's.
 */
public final class OrderLog implements AutoCloseable {
  public static final String FILE = "order.jsonl";
  static final String FORMAT = "querytester-order";
  static final int LISTED = 20;

  /**
   * One relaxed wait.
   *
   * @param line the workload line of the statement that ran before its turn
   * @param session its captured session
   * @param waitedFor the workload lines it had still waited for
   * @param why what held it up, in words (the side, the statement that waited for a lock)
   */
  public record Relaxed(long line, long session, List<Long> waitedFor, String why) {}

  private final JsonLines out;

  private OrderLog(Writer out) {
    this.out = new JsonLines(out);
  }

  /** Starts the log of a write replay (a resumed one appends). */
  public static OrderLog append(Path runDir) throws IOException {
    boolean fresh = !Files.exists(runDir.resolve(FILE));
    Writer w =
        io.querytester.OwnerOnly.newBufferedWriter(
            runDir.resolve(FILE),
            StandardCharsets.UTF_8,
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.APPEND);
    OrderLog log = new OrderLog(w);
    if (fresh) {
      log.out.line(Map.of("format", FORMAT, "version", 1));
    }
    return log;
  }

  public synchronized void relaxed(Relaxed r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("relaxed", r.line());
    m.put("session", r.session());
    m.put("waited_for", r.waitedFor());
    m.put("why", r.why());
    out.add(m);
  }

  /** What the order did in all: events, sessions, waits. */
  public synchronized void summary(String text) {
    out.add(Map.of("summary", text));
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }

  /** The report's notes: the summary, then the relaxed waits (the first few, then a count). */
  public static List<String> notes(Path runDir) {
    List<String> summaries = new ArrayList<>();
    List<String> relaxed = new ArrayList<>();
    try (BufferedReader in =
        Files.newBufferedReader(runDir.resolve(FILE), StandardCharsets.UTF_8)) {
      for (String line; (line = in.readLine()) != null; ) {
        JsonNode n = JsonLines.parse(line);
        if (n == null) {
          continue;
        }
        if (n.hasNonNull("summary")) {
          summaries.add(n.get("summary").asText());
        } else if (n.hasNonNull("relaxed")) {
          relaxed.add(
              "order relaxed: line "
                  + n.get("relaxed").asLong()
                  + " (session "
                  + n.path("session").asLong()
                  + ") ran before line(s) "
                  + n.path("waited_for")
                  + " it waited for: "
                  + n.path("why").asText());
        }
      }
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + runDir.resolve(FILE), e);
    }
    List<String> notes = new ArrayList<>();
    summaries.forEach(s -> notes.add("order kept between sessions: " + s));
    if (!relaxed.isEmpty()) {
      notes.add(
          relaxed.size()
              + " time(s) the order was relaxed (a statement ran before its turn; differences"
              + " of the statements around it may be the order's, not the servers'):");
      relaxed.stream().limit(LISTED).forEach(notes::add);
      if (relaxed.size() > LISTED) {
        notes.add("order relaxed " + (relaxed.size() - LISTED) + " more times, listed in " + FILE);
      }
    }
    return notes;
  }
}
