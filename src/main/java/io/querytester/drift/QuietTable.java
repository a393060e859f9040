package io.querytester.drift;

import io.querytester.run.DataCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One table of a {@link QuietCompare}, added up over its chunks: its status, the first differing
 * chunk and the differing rows, as the run folder keeps them ({@link DataCheck.Table}).
 */
final class QuietTable {
  private static final Pattern QUOTED_NUMBER =
      Pattern.compile("'-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?'");

  private QuietTable() {}

  /** The table from its chunks, in key order, each with the one outcome on NEW. */
  static DataCheck.Table of(TableDef t, List<ChunkResult> chunks) {
    long rowsOld = 0;
    long onlyOld = 0;
    long onlyNew = 0;
    long different = 0;
    int differing = 0;
    DataCheck.Chunk first = null;
    List<DataCheck.Row> samples = new ArrayList<>();
    for (ChunkResult c : chunks) {
      rowsOld += c.sourceRows();
      ReplicaOutcome o = c.outcomes().get(0);
      if (o.verdict() != Verdict.DRIFT) {
        continue;
      }
      differing++;
      if (first == null) {
        first =
            new DataCheck.Chunk(
                c.index(), plain(t.key(), c.range().lower()), plain(t.key(), c.range().upper()));
      }
      onlyOld += o.missing();
      onlyNew += o.extra();
      different += o.different();
      o.diffs().forEach(d -> samples.add(row(t, d)));
    }
    List<String> warnings = new ArrayList<>();
    if (!t.chunked()) {
      warnings.add(
          "no primary key and no NOT NULL unique key: compared as one chunk, and differing rows"
              + " are told apart by their content only");
    }
    DataCheck.Status status = differing == 0 ? DataCheck.Status.EQUAL : DataCheck.Status.DIFFERENT;
    return new DataCheck.Table(
        t.id(),
        status,
        differing == 0 ? null : rows(onlyOld, onlyNew, different),
        t.keyName(),
        t.key().stream().map(Column::name).toList(),
        chunks.size(),
        rowsOld,
        rowsOld - onlyOld + onlyNew,
        differing,
        first,
        onlyOld,
        onlyNew,
        different,
        samples,
        warnings);
  }

  /** Columns on one side only, in words; null when both sides have the same columns. */
  static String columnsDiffer(TableDef old, TableDef neu) {
    Set<String> o = names(old);
    Set<String> n = names(neu);
    List<String> parts = new ArrayList<>();
    List<String> onlyOld = o.stream().filter(c -> !n.contains(c)).toList();
    List<String> onlyNew = n.stream().filter(c -> !o.contains(c)).toList();
    if (!onlyOld.isEmpty()) {
      parts.add("columns on OLD only: " + String.join(", ", onlyOld));
    }
    if (!onlyNew.isEmpty()) {
      parts.add("columns on NEW only: " + String.join(", ", onlyNew));
    }
    return parts.isEmpty() ? null : String.join("; ", parts);
  }

  /** A progress line: "app.t: 12 chunks, 10,000 rows, equal". */
  static String describe(DataCheck.Table t) {
    String what =
        t.status() == DataCheck.Status.EQUAL
            ? "equal"
            : t.status().words() + (t.detail() == null ? "" : ": " + t.detail());
    return String.format(
        Locale.ROOT,
        "%s: %,d %s, %,d %s, %s",
        t.table(),
        t.chunks(),
        t.chunks() == 1 ? "chunk" : "chunks",
        t.rowsOld(),
        t.rowsOld() == 1 ? "row" : "rows",
        what);
  }

  private static String rows(long onlyOld, long onlyNew, long different) {
    long all = onlyOld + onlyNew + different;
    return String.format(
        Locale.ROOT,
        "%,d %s: %,d on OLD only, %,d on NEW only, %,d with other values",
        all,
        all == 1 ? "row differs" : "rows differ",
        onlyOld,
        onlyNew,
        different);
  }

  private static Set<String> names(TableDef t) {
    Set<String> out = new LinkedHashSet<>();
    t.columns().forEach(c -> out.add(c.name().toLowerCase(Locale.ROOT)));
    return out;
  }

  private static DataCheck.Row row(TableDef t, RowDifference d) {
    DataCheck.Row.Kind kind =
        switch (d.kind()) {
          case MISSING -> DataCheck.Row.Kind.ONLY_OLD;
          case EXTRA -> DataCheck.Row.Kind.ONLY_NEW;
          case DIFFERENT -> DataCheck.Row.Kind.DIFFERENT;
        };
    return new DataCheck.Row(
        kind, plain(t.key(), d.key()), d.columns(), plain(t, d.source()), plain(t, d.replica()));
  }

  /**
   * Numbers without the quotes QUOTE() gave them ({@code 1500}, not {@code '1500'}): the same SQL
   * value, read as a number by people and by the server alike.
   */
  private static List<String> plain(List<Column> columns, List<String> literals) {
    List<String> out = new ArrayList<>(literals.size());
    for (int i = 0; i < literals.size(); i++) {
      out.add(i < columns.size() ? plain(columns.get(i), literals.get(i)) : literals.get(i));
    }
    return out;
  }

  private static Map<String, String> plain(TableDef t, Map<String, String> row) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Column c : t.columns()) {
      if (row.containsKey(c.name())) {
        out.put(c.name(), plain(c, row.get(c.name())));
      }
    }
    return out;
  }

  private static String plain(Column c, String literal) {
    boolean numeric = c.kind() == ColumnKind.EXACT_NUMBER || c.kind() == ColumnKind.FLOAT;
    return numeric && literal != null && QUOTED_NUMBER.matcher(literal).matches()
        ? literal.substring(1, literal.length() - 1)
        : literal;
  }
}
