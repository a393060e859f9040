package io.querytester.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.BadInputException;
import io.querytester.compare.Acceptance;
import io.querytester.run.DiffKind;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reviewed list of accepted differences ({@code querytester-baseline.yaml}): which kind of
 * difference of which query class is known and fine, why, who said so and when. A YAML file meant
 * to be read in code review and kept in version control. Reports apply it: accepted differences no
 * longer fail the gate; entries that matched nothing in a run are listed as stale.
 */
public final class Baseline {
  public static final String DEFAULT_FILE = "querytester-baseline.yaml";
  static final int VERSION = 1;

  private static final Set<String> TOP = Set.of("version", "accepted");
  private static final Set<String> ENTRY =
      Set.of("class", "fingerprint", "kind", "reason", "by", "at");

  /**
   * One accepted difference.
   *
   * @param classId the query class id
   * @param fingerprint the class's fingerprint, so that a reviewer sees which statements it is
   * @param kind the accepted kind of difference
   * @param reason why it is fine
   * @param by who accepted it
   * @param at when
   */
  public record Entry(
      String classId, String fingerprint, DiffKind kind, String reason, String by, Instant at) {}

  private final Path file;
  private final List<Entry> entries;
  private final Map<String, Integer> index = new LinkedHashMap<>();
  private final BitSet used = new BitSet();

  private Baseline(Path file, List<Entry> entries) {
    this.file = file;
    this.entries = List.copyOf(entries);
    for (int i = 0; i < this.entries.size(); i++) {
      index.put(key(this.entries.get(i).classId(), this.entries.get(i).kind()), i);
    }
  }

  public static Baseline empty(Path file) {
    return new Baseline(file, List.of());
  }

  /** The file given, or ./querytester-baseline.yaml when present; null when there is none. */
  public static Baseline find(Path explicit, Path workingDir) {
    if (explicit != null) {
      if (!Files.isRegularFile(explicit)) {
        throw new BadInputException(
            "baseline "
                + explicit
                + " does not exist; create it with 'querytester baseline accept RUN_DIR --reason ...'");
      }
      return read(explicit);
    }
    Path here = workingDir.resolve(DEFAULT_FILE);
    return Files.isRegularFile(here) ? read(here) : null;
  }

  public static Baseline read(Path file) {
    YamlDoc doc = YamlDoc.read(file);
    JsonNode root = doc.root();
    if (root.isMissingNode() || root.isNull()) {
      return empty(file);
    }
    if (!root.isObject()) {
      throw doc.error("", "expected 'version' and 'accepted' keys");
    }
    doc.onlyKeys("", root, TOP);
    if (root.has("version") && root.get("version").asInt() != VERSION) {
      throw doc.error("/version", "this querytester reads baseline version " + VERSION + " only");
    }
    JsonNode list = root.path("accepted");
    if (list.isMissingNode() || list.isNull()) {
      return empty(file);
    }
    if (!list.isArray()) {
      throw doc.error("/accepted", "expected a list of accepted differences");
    }
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      entries.add(entry(doc, "/accepted/" + i, list.get(i)));
    }
    return new Baseline(file, entries);
  }

  private static Entry entry(YamlDoc doc, String pointer, JsonNode n) {
    if (!n.isObject()) {
      throw doc.error(pointer, "expected class, kind and reason");
    }
    doc.onlyKeys(pointer, n, ENTRY);
    String classId = required(doc, pointer, n, "class");
    String kindName = required(doc, pointer, n, "kind");
    DiffKind kind;
    try {
      kind = DiffKind.valueOf(kindName.strip().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw doc.error(
          pointer + "/kind",
          "'" + kindName + "' is not a difference kind; use " + ConfigFile.Gates.kindNames());
    }
    Instant at = null;
    if (n.hasNonNull("at")) {
      try {
        at = Instant.parse(n.get("at").asText());
      } catch (DateTimeParseException e) {
        throw doc.error(pointer + "/at", "expected a time like 2026-01-31T12:00:00Z");
      }
    }
    return new Entry(
        classId.strip(),
        n.path("fingerprint").asText(null),
        kind,
        required(doc, pointer, n, "reason"),
        n.path("by").asText(null),
        at);
  }

  private static String required(YamlDoc doc, String pointer, JsonNode n, String key) {
    JsonNode v = n.get(key);
    if (v == null || !v.isValueNode() || v.isNull() || v.asText().isBlank()) {
      throw doc.error(pointer + "/" + key, "missing; every entry needs class, kind and reason");
    }
    return v.asText();
  }

  public Path file() {
    return file;
  }

  public List<Entry> entries() {
    return entries;
  }

  /** What the analyser asks; remembers which entries matched, for {@link #stale()}. */
  public Acceptance acceptance() {
    return (classId, kind) -> {
      Integer i = index.get(key(classId, kind));
      if (i == null) {
        return null;
      }
      synchronized (used) {
        used.set(i);
      }
      return entries.get(i).reason();
    };
  }

  /** Entries that matched no difference since this baseline was read. */
  public List<Entry> stale() {
    List<Entry> out = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (!used.get(i)) {
        out.add(entries.get(i));
      }
    }
    return out;
  }

  public int applied() {
    return used.cardinality();
  }

  /**
   * This baseline with the given entries added; an entry for the same class and kind is replaced.
   */
  public Baseline with(List<Entry> added) {
    Map<String, Entry> all = new LinkedHashMap<>();
    entries.forEach(e -> all.put(key(e.classId(), e.kind()), e));
    added.forEach(e -> all.put(key(e.classId(), e.kind()), e));
    return new Baseline(file, new ArrayList<>(all.values()));
  }

  /** Writes the file (atomically), one entry per block, for code review. */
  public void write() throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = dir.resolve(file.getFileName() + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      w.write(
          """
          # querytester baseline: differences between OLD and NEW that were reviewed and accepted.
          # Reports apply it (querytester report/replay/compare/demo, --baseline FILE or this file
          # in the current directory): an accepted difference shows as ACCEPTED and does not fail
          # the run; an entry that no longer matches any difference is listed as stale.
          # Add entries with: querytester baseline accept RUN_DIR [--class ID] --reason "..."
          """);
      w.write("version: " + VERSION + "\n");
      w.write(entries.isEmpty() ? "accepted: []\n" : "accepted:\n");
      for (Entry e : entries) {
        w.write("  - class: " + quote(e.classId()) + "\n");
        if (e.fingerprint() != null) {
          w.write("    fingerprint: " + quote(e.fingerprint()) + "\n");
        }
        w.write("    kind: " + e.kind().name() + "\n");
        w.write("    reason: " + quote(e.reason()) + "\n");
        if (e.by() != null) {
          w.write("    by: " + quote(e.by()) + "\n");
        }
        if (e.at() != null) {
          w.write("    at: " + quote(e.at().truncatedTo(ChronoUnit.SECONDS).toString()) + "\n");
        }
      }
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** A YAML double-quoted scalar: safe for any text. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !validPair(s, i)) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  private static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  private static String key(String classId, DiffKind kind) {
    return classId + "/" + kind.name();
  }
}
