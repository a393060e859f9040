package io.querytester.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Turns executions into lines of {@code executions.jsonl} version 2 (see {@link LogFormat}). What
 * repeats from one execution to the next (a class and its kind, a list of column definitions, a
 * skip reason) is written once as a definition line and referred to by a small number after it; an
 * execution whose two sides agree becomes a JSON array of numbers. Anything the compact forms
 * cannot hold exactly is written in full, so reading gives back the execution that was written.
 *
 * <p>Lanes encode in parallel: a definition is written (through {@code definitions}, the log's
 * ordered output) before its number is published, so no line can refer to a definition that is not
 * in the file before it.
 */
final class LogEncoder {
  private final Map<LogFormat.ClassKey, Integer> classes = new ConcurrentHashMap<>();
  private final Map<List<ColumnMeta>, Integer> columns = new ConcurrentHashMap<>();
  private final Map<String, Integer> texts = new ConcurrentHashMap<>();
  private final Sink definitions;
  private int next = 1;

  /**
   * @param definitions writes a definition line to the log, in order with the lines after it
   */
  LogEncoder(Sink definitions) {
    this.definitions = definitions;
  }

  /** Takes over the definitions of an existing log, so that appending refers to them. */
  synchronized void known(LogDecoder existing) {
    existing.classes().forEach((id, c) -> classes.put(c, id));
    existing.columns().forEach((id, c) -> columns.put(c, id));
    existing.texts().forEach((id, t) -> texts.put(t, id));
    next = Math.max(next, existing.lastId() + 1);
  }

  /** The line for {@code e}, without its newline; definitions it needs are written first. */
  String line(Execution e) throws IOException {
    String compact = compact(e);
    return compact != null ? compact : full(e);
  }

  private String compact(Execution e) throws IOException {
    if (e.sql() != null || !e.differences().isEmpty() || e.consistent() != null) {
      return null;
    }
    if (e.skipped() != null) {
      return skipped(e);
    }
    Observation o = e.old();
    Observation n = e.neu();
    boolean sideless = n == null && e.newRepeats() != null;
    if (sideless || !plain(o) || (n != null && !(plain(n) && sameResult(o, n)))) {
      return null;
    }
    int cls = classId(e);
    int cols = columnsId(o.columns());
    if (cls < 0 || cols < 0) {
      return null;
    }
    StringBuilder b = new StringBuilder(100).append('[');
    if (n == null) {
      b.append(LogFormat.SINGLE).append(',');
    }
    b.append(e.event()).append(',').append(e.session()).append(',').append(cls);
    latency(b, o);
    if (n != null) {
      latency(b, n);
    }
    b.append(',').append(o.rows()).append(',').append(cols);
    boolean repeats = e.oldRepeats() != null || e.newRepeats() != null;
    if (o.digest() != null) {
      b.append(",\"").append(DigestText.base64(o.digest().ordered()));
      b.append("\",\"").append(DigestText.base64(o.digest().unordered())).append('"');
    } else if (repeats) {
      b.append(",null,null");
    }
    if (repeats) {
      b.append(',').append(numbers(e.oldRepeats()));
      if (n != null) {
        b.append(',').append(numbers(e.newRepeats()));
      }
    }
    return b.append(']').toString();
  }

  private String skipped(Execution e) throws IOException {
    if (e.old() != null || e.neu() != null || e.oldRepeats() != null || e.newRepeats() != null) {
      return null;
    }
    int cls = classId(e);
    int why = define(texts, e.skipped(), LogFormat.MAX_TEXTS, id -> Map.of("text", e.skipped()));
    if (cls < 0 || why < 0) {
      return null;
    }
    return "["
        + LogFormat.SKIPPED
        + ","
        + e.event()
        + ","
        + e.session()
        + ","
        + cls
        + ","
        + why
        + "]";
  }

  /** Ran to its end with nothing that only a full line holds. */
  private static boolean plain(Observation o) {
    return o != null
        && o.ok()
        && o.lastInsertId() == null
        && o.warnings().isEmpty()
        && (o.digest() == null || compactable(o.digest(), o.rows()));
  }

  private static boolean sameResult(Observation o, Observation n) {
    return o.rows() == n.rows()
        && java.util.Objects.equals(o.digest(), n.digest())
        && o.columns().equals(n.columns());
  }

  private static boolean compactable(ResultDigest d, long rows) {
    return d.rows() == rows
        && DigestText.isHex128(d.ordered())
        && DigestText.isHex128(d.unordered());
  }

  /** The latency as its last row and the wait before the first (usually 0 or a few digits). */
  private static void latency(StringBuilder b, Observation o) {
    b.append(',').append(o.lastRowMicros()).append(',');
    b.append(o.lastRowMicros() - o.firstRowMicros());
  }

  private static String numbers(List<Long> list) {
    if (list == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder().append('[');
    for (int i = 0; i < list.size(); i++) {
      b.append(i == 0 ? "" : ",").append(list.get(i));
    }
    return b.append(']').toString();
  }

  /** A full line; its column lists are referred to when they are defined. */
  private String full(Execution e) throws IOException {
    ObjectNode tree = RunJson.MAPPER.valueToTree(e);
    referColumns(tree, "old", e.old());
    referColumns(tree, "neu", e.neu());
    return RunJson.MAPPER.writeValueAsString(tree);
  }

  private void referColumns(ObjectNode tree, String side, Observation o) throws IOException {
    if (o == null || o.columns().isEmpty()) {
      return;
    }
    int id = columnsId(o.columns());
    if (id > 0 && tree.get(side) instanceof ObjectNode node) {
      node.remove("columns");
      node.put(LogFormat.COLUMNS_REF, id);
    }
  }

  private int classId(Execution e) throws IOException {
    if (e.classId() == null || e.kind() == null) {
      return -1;
    }
    LogFormat.ClassKey key = new LogFormat.ClassKey(e.classId(), e.kind());
    return define(
        classes,
        key,
        LogFormat.MAX_CLASSES,
        id -> {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("class", key.classId());
          m.put("kind", key.kind());
          return m;
        });
  }

  /** 0 for no columns, else the definition's number; -1 when too many lists are defined. */
  private int columnsId(List<ColumnMeta> list) throws IOException {
    return list.isEmpty()
        ? 0
        : define(columns, list, LogFormat.MAX_COLUMN_LISTS, id -> Map.of("columns", list));
  }

  /**
   * The number of {@code key}'s definition, written first if it is new; -1 once {@code max}
   * definitions of its sort exist, so that a workload of ever new values cannot fill the memory.
   */
  private <K> int define(
      Map<K, Integer> known, K key, int max, IntFunction<Map<String, Object>> body)
      throws IOException {
    Integer id = known.get(key);
    if (id != null) {
      return id;
    }
    synchronized (this) {
      id = known.get(key);
      if (id != null) {
        return id;
      }
      if (known.size() >= max) {
        return -1;
      }
      int assigned = next++;
      Map<String, Object> line = new LinkedHashMap<>();
      line.put(LogFormat.DEFINITION, assigned);
      line.putAll(body.apply(assigned));
      definitions.write(RunJson.MAPPER.writeValueAsString(line));
      known.put(key, assigned);
      return assigned;
    }
  }

  /** Where definition lines go: the log's output, in order with the lines written after them. */
  @FunctionalInterface
  interface Sink {
    void write(String line) throws IOException;
  }
}
