package io.querytester.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code data.json}: OLD's and NEW's final contents of the tables a write replay wrote, compared
 * after it with drift's chunked checksums, OLD as the reference. Written while both servers still
 * run; every report of the run reads it, so {@code report RUN_DIR} says it again without servers.
 *
 * @param format always {@value #FORMAT}
 * @param version the file format version; a newer one is refused
 * @param started when the comparison started
 * @param seconds how long it took
 * @param problem why nothing was compared (a side that went away), else null
 * @param tables one per table the workload wrote, by name
 * @param notes what was not compared and why (e.g. writes whose tables their text does not tell)
 */
public record DataCheck(
    String format,
    int version,
    Instant started,
    double seconds,
    String problem,
    List<Table> tables,
    List<String> notes) {

  public static final String FILE = "data.json";
  public static final String FORMAT = "querytester-data";
  public static final int VERSION = 1;

  public DataCheck {
    tables = tables == null ? List.of() : List.copyOf(tables);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** A comparison that ran. */
  public static DataCheck of(
      Instant started, double seconds, List<Table> tables, List<String> notes) {
    return new DataCheck(FORMAT, VERSION, started, seconds, null, tables, notes);
  }

  /** A comparison that could not run at all, and why. */
  public static DataCheck failed(Instant started, String problem, List<String> notes) {
    return new DataCheck(FORMAT, VERSION, started, 0, problem, List.of(), notes);
  }

  /** What a table is on NEW, compared with OLD. */
  public enum Status {
    /** The same rows on both sides. */
    EQUAL,
    /** Rows differ: only on OLD, only on NEW, or with other values. */
    DIFFERENT,
    /** The table exists on OLD only. */
    MISSING_ON_NEW,
    /** The table exists on NEW only. */
    MISSING_ON_OLD,
    /** Columns exist on one side only, so rows were not compared. */
    COLUMNS_DIFFER,
    /** On neither side at the end: dropped, temporary, or a view. */
    ABSENT,
    /** Could not be compared (a server error, a system schema): the detail says why. */
    NOT_COMPARED;

    /** The status in words: "missing on NEW", "on neither side" ... */
    public String words() {
      return switch (this) {
        case EQUAL -> "equal";
        case DIFFERENT -> "different";
        case MISSING_ON_NEW -> "missing on NEW";
        case MISSING_ON_OLD -> "missing on OLD";
        case COLUMNS_DIFFER -> "columns differ";
        case ABSENT -> "on neither side";
        case NOT_COMPARED -> "not compared";
      };
    }

    /** Whether OLD and NEW ended with other data in this table. */
    public boolean diverged() {
      return this == DIFFERENT
          || this == MISSING_ON_NEW
          || this == MISSING_ON_OLD
          || this == COLUMNS_DIFFER;
    }
  }

  /**
   * One table's final contents on both sides.
   *
   * @param table db.table
   * @param status how NEW compares with OLD
   * @param detail in words, for a status other than EQUAL (what is missing, the server's error)
   * @param key the index it was chunked by; empty: compared whole (no usable key)
   * @param keyColumns that index's columns, in order
   * @param chunks chunks compared
   * @param rowsOld rows on OLD
   * @param rowsNew rows on NEW
   * @param differingChunks chunks whose checksums differ
   * @param first the first differing chunk, in key order; null when none differs
   * @param onlyOld rows on OLD only (by key; by content for a table without one)
   * @param onlyNew rows on NEW only
   * @param different rows with the same key and other values
   * @param samples differing rows, a bounded sample from the first differing chunks on
   * @param warnings e.g. compared whole for want of a key
   */
  public record Table(
      String table,
      Status status,
      String detail,
      String key,
      List<String> keyColumns,
      int chunks,
      long rowsOld,
      long rowsNew,
      int differingChunks,
      Chunk first,
      long onlyOld,
      long onlyNew,
      long different,
      List<Row> samples,
      List<String> warnings) {

    public Table {
      key = key == null ? "" : key;
      keyColumns = keyColumns == null ? List.of() : List.copyOf(keyColumns);
      samples = samples == null ? List.of() : List.copyOf(samples);
      warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A table that was not compared row by row, with why. */
    public static Table only(String table, Status status, String detail) {
      return new Table(
          table, status, detail, "", List.of(), 0, 0, 0, 0, null, 0, 0, 0, List.of(), List.of());
    }

    /**
     * The same table with its text and values replaced (detail, key bounds, rows): a report's,
     * redacted and cut.
     */
    public Table withValues(String text, Chunk firstChunk, List<Row> rows) {
      return new Table(
          table,
          status,
          text,
          key,
          keyColumns,
          chunks,
          rowsOld,
          rowsNew,
          differingChunks,
          firstChunk,
          onlyOld,
          onlyNew,
          different,
          rows,
          warnings);
    }
  }

  /**
   * A chunk: rows whose key is above {@code lower} and at most {@code upper}, as SQL literals in
   * the key's column order; an empty bound is open on that side.
   *
   * @param index 0-based, in key order
   * @param lower exclusive lower bound, or empty
   * @param upper inclusive upper bound, or empty
   */
  public record Chunk(int index, List<String> lower, List<String> upper) {
    public Chunk {
      lower = lower == null ? List.of() : List.copyOf(lower);
      upper = upper == null ? List.of() : List.copyOf(upper);
    }

    /** The range in words: {@code 1000 < id <= 2000}, {@code (a, b) <= (1, 'x')}, all rows. */
    public String range(List<String> keyColumns) {
      if (keyColumns.isEmpty() || (lower.isEmpty() && upper.isEmpty())) {
        return "all rows";
      }
      String key = tuple(keyColumns);
      return (lower.isEmpty() ? "" : tuple(lower) + " < ")
          + key
          + (upper.isEmpty() ? "" : " <= " + tuple(upper));
    }

    private static String tuple(List<String> parts) {
      return parts.size() == 1 ? parts.get(0) : "(" + String.join(", ", parts) + ")";
    }
  }

  /**
   * A row that differs.
   *
   * @param kind on OLD only, on NEW only, or with other values
   * @param key the key's SQL literals; empty for a table without a key
   * @param columns for DIFFERENT, the columns whose values differ
   * @param old OLD's row as column to SQL literal; empty when it has none
   * @param neu NEW's row
   */
  public record Row(
      Kind kind,
      List<String> key,
      List<String> columns,
      Map<String, String> old,
      @JsonProperty("new") Map<String, String> neu) {

    public enum Kind {
      ONLY_OLD,
      ONLY_NEW,
      DIFFERENT
    }

    public Row {
      key = key == null ? List.of() : List.copyOf(key);
      columns = columns == null ? List.of() : List.copyOf(columns);
      old = old == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(old));
      neu = neu == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(neu));
    }
  }

  /** The tables whose data differs at the end. */
  public List<Table> diverged() {
    return tables.stream().filter(t -> t.status().diverged()).toList();
  }

  public void write(Path runDir) {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try {
      try (java.io.OutputStream out = io.querytester.OwnerOnly.newOutputStream(tmp)) {
        RunJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, this);
      }
      Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot write " + runDir.resolve(FILE) + ": " + e.getMessage() + "; free space there", e);
    }
  }

  /** The run's data comparison; empty when none ran (a read-only replay). */
  public static Optional<DataCheck> read(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      DataCheck d = RunJson.MAPPER.readValue(file.toFile(), DataCheck.class);
      if (!FORMAT.equals(d.format()) || d.version() > VERSION) {
        throw new BadInputException(
            file
                + " is not a data comparison this querytester reads (version "
                + VERSION
                + " of "
                + FORMAT
                + "): use the querytester that wrote it");
      }
      return Optional.of(d);
    } catch (NoSuchFileException | FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
