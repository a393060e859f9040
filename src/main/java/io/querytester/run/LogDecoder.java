package io.querytester.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.BadInputException;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the lines of {@code executions.jsonl} (version 2 as {@link LogEncoder} writes it, version 1
 * with every line in full) back into executions. Keeps the definitions it has read; they are
 * bounded by {@link LogFormat}'s limits, not by the number of executions. One reader at a time.
 */
final class LogDecoder {
  private static final TypeReference<List<ColumnMeta>> COLUMNS = new TypeReference<>() {};

  private final Path file;
  private final Map<Integer, LogFormat.ClassKey> classes = new HashMap<>();
  private final Map<Integer, List<ColumnMeta>> columns = new HashMap<>();
  private final Map<Integer, String> texts = new HashMap<>();
  private final ShortLine shortLine = new ShortLine();
  private int lastId;
  private int version = 1;

  /**
   * @param file the log, for messages
   */
  LogDecoder(Path file) {
    this.file = file;
  }

  /**
   * The execution on {@code line}; null for the first line and for definitions.
   *
   * @throws IOException when the line cannot be read (cut by a crash, damaged)
   * @throws BadInputException when a newer querytester wrote the file
   */
  Execution decode(String line) throws IOException {
    if (line.startsWith("[")) {
      return compact(shortLine.scan(line));
    }
    JsonNode node = RunJson.MAPPER.readTree(line);
    if (node == null || !node.isObject()) {
      throw new IOException("neither an execution nor a definition");
    }
    if (node.has("format")) {
      header(node);
      return null;
    }
    if (node.has(LogFormat.DEFINITION)) {
      define(node);
      return null;
    }
    return full(node);
  }

  /** The format version: 1 until a version 2 first line was read. */
  int version() {
    return version;
  }

  private void header(JsonNode node) {
    if (!LogFormat.FORMAT.equals(node.path("format").asText())) {
      throw new BadInputException(file + " is not a querytester executions file");
    }
    version = node.path("version").asInt();
    if (version > LogFormat.VERSION) {
      throw new BadInputException(
          file
              + " is executions format version "
              + version
              + ", written by a newer querytester; this one reads versions 1 to "
              + LogFormat.VERSION);
    }
  }

  private void define(JsonNode node) throws IOException {
    int id = node.path(LogFormat.DEFINITION).asInt();
    if (node.has("class")) {
      classes.put(
          id,
          new LogFormat.ClassKey(
              node.path("class").asText(), StatementKind.valueOf(node.path("kind").asText())));
    } else if (node.has("columns")) {
      columns.put(id, List.copyOf(RunJson.MAPPER.convertValue(node.path("columns"), COLUMNS)));
    } else if (node.has("text")) {
      texts.put(id, node.path("text").asText());
    } else {
      throw new IOException("a definition of nothing known");
    }
    lastId = Math.max(lastId, id);
  }

  private Execution full(JsonNode node) throws IOException {
    Execution e = RunJson.MAPPER.treeToValue(node, Execution.class);
    Observation old = withColumns(e.old(), node.path("old"));
    Observation neu = withColumns(e.neu(), node.path("neu"));
    return old == e.old() && neu == e.neu() ? e : e.withSides(old, neu);
  }

  private Observation withColumns(Observation o, JsonNode side) throws IOException {
    if (o == null || !side.has(LogFormat.COLUMNS_REF)) {
      return o;
    }
    return new Observation(
        o.outcome(),
        o.firstRowMicros(),
        o.lastRowMicros(),
        o.rows(),
        o.lastInsertId(),
        columnList(side.path(LogFormat.COLUMNS_REF).asInt()),
        o.warnings(),
        o.digest());
  }

  private Execution compact(List<Object> a) throws IOException {
    if (a.isEmpty()) {
      throw new IOException("an empty line");
    }
    if (!(a.getFirst() instanceof String tag)) {
      return agreed(a);
    }
    return switch (tag) {
      case "s" -> single(a);
      case "k" -> skipped(a);
      default -> throw new IOException("unknown line tag " + tag);
    };
  }

  /** {@code [event,session,class,oldLast,oldWait,newLast,newWait,rows,cols(,digest)(,repeats)]} */
  private Execution agreed(List<Object> a) throws IOException {
    size(a, 9, 11, 13);
    LogFormat.ClassKey c = classKey(number(a, 2));
    long rows = number(a, 7);
    List<ColumnMeta> cols = columnList(Math.toIntExact(number(a, 8)));
    ResultDigest digest = digest(a, 9, rows);
    return new Execution(
        number(a, 0),
        number(a, 1),
        c.classId(),
        c.kind(),
        null,
        null,
        observation(a, 3, rows, cols, digest),
        observation(a, 5, rows, cols, digest),
        List.of(),
        null,
        repeats(a, 11),
        repeats(a, 12));
  }

  /** {@code ["s",event,session,class,last,wait,rows,cols(,digest)(,repeats)]} */
  private Execution single(List<Object> a) throws IOException {
    size(a, 8, 10, 11);
    LogFormat.ClassKey c = classKey(number(a, 3));
    long rows = number(a, 6);
    List<ColumnMeta> cols = columnList(Math.toIntExact(number(a, 7)));
    return new Execution(
        number(a, 1),
        number(a, 2),
        c.classId(),
        c.kind(),
        null,
        null,
        observation(a, 4, rows, cols, digest(a, 8, rows)),
        null,
        List.of(),
        null,
        repeats(a, 10),
        null);
  }

  /** {@code ["k",event,session,class,reason]} */
  private Execution skipped(List<Object> a) throws IOException {
    size(a, 5);
    LogFormat.ClassKey c = classKey(number(a, 3));
    String why = texts.get(Math.toIntExact(number(a, 4)));
    if (why == null) {
      throw undefined(number(a, 4));
    }
    return Execution.skipped(number(a, 1), number(a, 2), c.classId(), c.kind(), why);
  }

  private static Observation observation(
      List<Object> a, int at, long rows, List<ColumnMeta> cols, ResultDigest digest)
      throws IOException {
    long last = number(a, at);
    return new Observation(
        Outcome.ok(), last - number(a, at + 1), last, rows, null, cols, List.of(), digest);
  }

  private static ResultDigest digest(List<Object> a, int at, long rows) throws IOException {
    if (a.size() <= at || a.get(at) == null) {
      return null;
    }
    return new ResultDigest(rows, hex(a, at), hex(a, at + 1));
  }

  private static String hex(List<Object> a, int at) throws IOException {
    if (!(a.get(at) instanceof String text)) {
      throw new IOException("no digest at position " + at);
    }
    try {
      return DigestText.hex(text);
    } catch (IllegalArgumentException e) {
      throw new IOException("a damaged digest", e);
    }
  }

  @SuppressWarnings("unchecked") // ShortLine gives lists of Long only
  private static List<Long> repeats(List<Object> a, int at) throws IOException {
    if (a.size() <= at || a.get(at) == null) {
      return null;
    }
    if (!(a.get(at) instanceof List<?> list)) {
      throw new IOException("repeats are not a list");
    }
    return List.copyOf((List<Long>) list);
  }

  private static long number(List<Object> a, int at) throws IOException {
    if (!(a.get(at) instanceof Long n)) {
      throw new IOException("no number at position " + at);
    }
    return n;
  }

  private static void size(List<Object> a, int... allowed) throws IOException {
    for (int n : allowed) {
      if (a.size() == n) {
        return;
      }
    }
    throw new IOException("a line of " + a.size() + " values");
  }

  private LogFormat.ClassKey classKey(long id) throws IOException {
    LogFormat.ClassKey c = classes.get(Math.toIntExact(id));
    if (c == null) {
      throw undefined(id);
    }
    return c;
  }

  private List<ColumnMeta> columnList(int id) throws IOException {
    if (id == 0) {
      return List.of();
    }
    List<ColumnMeta> c = columns.get(id);
    if (c == null) {
      throw undefined(id);
    }
    return c;
  }

  private static IOException undefined(long id) {
    return new IOException("refers to definition " + id + ", which no line before it gives");
  }

  Map<Integer, LogFormat.ClassKey> classes() {
    return classes;
  }

  Map<Integer, List<ColumnMeta>> columns() {
    return columns;
  }

  Map<Integer, String> texts() {
    return texts;
  }

  int lastId() {
    return lastId;
  }
}
