package io.querytester.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** Turns a pair of observations of the same statement into the differences between them. */
public final class ObservationComparator {
  private ObservationComparator() {}

  /**
   * @param ordered whether the statement's outermost query has ORDER BY: only then does row order
   *     count
   */
  public static List<Difference> compare(Observation old, Observation neu, boolean ordered) {
    List<Difference> out = new ArrayList<>();
    outcomes(old, neu, out);
    if (bothCompleted(old, neu)) {
      rows(old, neu, ordered, out);
      metadata(old.columns(), neu.columns(), out);
      warnings(old.warnings(), neu.warnings(), out);
    }
    return out;
  }

  private static boolean bothCompleted(Observation old, Observation neu) {
    return old.ok() && neu.ok();
  }

  private static void outcomes(Observation old, Observation neu, List<Difference> out) {
    Outcome o = old.outcome();
    Outcome n = neu.outcome();
    if (o instanceof Outcome.Lost l) {
      out.add(Difference.of(DiffKind.CONNECTION_LOST, "OLD: " + l.message()));
    }
    if (n instanceof Outcome.Lost l) {
      out.add(Difference.of(DiffKind.CONNECTION_LOST, "NEW: " + l.message()));
    }
    if (n instanceof Outcome.TimedOut t && !(o instanceof Outcome.TimedOut)) {
      out.add(Difference.of(DiffKind.TIMEOUT, "NEW timed out after " + t.afterMillis() + " ms"));
    }
    if (o instanceof Outcome.TimedOut t && !(n instanceof Outcome.TimedOut)) {
      out.add(
          Difference.of(DiffKind.TIMEOUT_FIXED, "OLD timed out after " + t.afterMillis() + " ms"));
    }
    if (n instanceof Outcome.Failed nf) {
      if (o instanceof Outcome.Failed of) {
        if (of.code() != nf.code()) {
          out.add(
              Difference.of(DiffKind.ERROR_CHANGED, "OLD " + error(of) + " / NEW " + error(nf)));
        } else if (!Objects.equals(of.sqlState(), nf.sqlState())
            || !Objects.equals(of.message(), nf.message())) {
          // Applications match on messages and SQLSTATEs, not only on codes.
          out.add(Difference.of(DiffKind.ERROR_TEXT, "OLD " + error(of) + " / NEW " + error(nf)));
        }
      } else if (completed(o)) {
        out.add(Difference.of(DiffKind.ERROR_NEW, "NEW " + error(nf)));
      }
    } else if (o instanceof Outcome.Failed of && completed(n)) {
      out.add(Difference.of(DiffKind.ERROR_FIXED, "OLD " + error(of)));
    }
  }

  private static boolean completed(Outcome o) {
    return o instanceof Outcome.Ok || o instanceof Outcome.TooLarge;
  }

  public static String error(Outcome.Failed f) {
    return "ERROR " + f.code() + " (" + f.sqlState() + "): " + f.message();
  }

  private static void rows(
      Observation old, Observation neu, boolean ordered, List<Difference> out) {
    if (old.rows() != neu.rows()) {
      out.add(
          Difference.of(
              DiffKind.ROW_COUNT,
              "OLD "
                  + plural(old.rows(), old.digest() == null ? "row affected" : "row")
                  + ", NEW "
                  + plural(neu.rows(), neu.digest() == null ? "row affected" : "row")));
    } else if (old.digest() != null && neu.digest() != null) {
      if (!old.digest().unordered().equals(neu.digest().unordered())) {
        out.add(
            Difference.of(
                DiffKind.RESULT, "same row count (" + old.rows() + "), different values"));
      } else if (ordered && !old.digest().ordered().equals(neu.digest().ordered())) {
        out.add(Difference.of(DiffKind.ROW_ORDER, "same rows in a different order"));
      }
    }
    if (!Objects.equals(old.lastInsertId(), neu.lastInsertId())) {
      out.add(
          Difference.of(
              DiffKind.LAST_INSERT_ID,
              "OLD " + old.lastInsertId() + ", NEW " + neu.lastInsertId()));
    }
  }

  private static String plural(long n, String what) {
    return n + " " + what + (n == 1 ? "" : "s").replace("row affecteds", "rows affected");
  }

  static void metadata(List<ColumnMeta> old, List<ColumnMeta> neu, List<Difference> out) {
    if (old.size() != neu.size()) {
      out.add(
          Difference.of(
              DiffKind.METADATA, "OLD has " + old.size() + " columns, NEW " + neu.size()));
      return;
    }
    List<String> major = new ArrayList<>();
    List<String> minor = new ArrayList<>();
    List<String> detail = new ArrayList<>();
    for (int i = 0; i < old.size(); i++) {
      ColumnMeta o = old.get(i);
      ColumnMeta n = neu.get(i);
      if (o.equals(n)) {
        continue; // most columns are equal, and nothing below finds a difference in equal ones
      }
      String col = "`" + o.name() + "`";
      if (!o.name().equals(n.name())) {
        major.add("column " + (i + 1) + " named " + col + " -> `" + n.name() + "`");
      }
      if (!TypeFamily.of(o.type()).equals(TypeFamily.of(n.type()))) {
        major.add(col + ": " + describe(o) + " -> " + describe(n));
      } else if (o.definition() != null && n.definition() != null) {
        String width = width(o, n);
        if (!width.isEmpty()) {
          minor.add(col + ": " + width);
        }
      } else if (!o.type().equals(n.type())
          || o.precision() != n.precision()
          || o.scale() != n.scale()) {
        minor.add(col + ": " + describe(o) + " -> " + describe(n));
      }
      if (o.nullable() != n.nullable()) {
        minor.add(
            col
                + ": "
                + (o.nullable() ? "NULL" : "NOT NULL")
                + " -> "
                + (n.nullable() ? "NULL" : "NOT NULL"));
      }
      boolean charsetChanged = !Objects.equals(o.charset(), n.charset());
      if (charsetChanged) {
        major.add(col + ": charset " + o.charset() + " -> " + n.charset());
      }
      if (o.definition() != null && n.definition() != null) {
        String d = definition(o, n, charsetChanged);
        if (!d.isEmpty()) {
          detail.add(col + ": " + d);
        }
      }
    }
    if (!major.isEmpty()) {
      out.add(Difference.of(DiffKind.METADATA, String.join("; ", major)));
    }
    if (!minor.isEmpty()) {
      out.add(Difference.of(DiffKind.METADATA_WIDTH, String.join("; ", minor)));
    }
    if (!detail.isEmpty()) {
      out.add(Difference.of(DiffKind.COLUMN_DEFINITION, String.join("; ", detail)));
    }
  }

  /** Type name, display length and decimals as the server sent them, only what changed. */
  private static String width(ColumnMeta o, ColumnMeta n) {
    List<String> parts = new ArrayList<>();
    if (!o.type().equals(n.type())) {
      parts.add(o.type() + " -> " + n.type());
    }
    if (o.definition().length() != n.definition().length()) {
      parts.add("length " + o.definition().length() + " -> " + n.definition().length());
    }
    if (o.definition().decimals() != n.definition().decimals()) {
      parts.add("decimals " + o.definition().decimals() + " -> " + n.definition().decimals());
    }
    return String.join(", ", parts);
  }

  /** What else of the column definition changed, in words; not what the type name says. */
  private static String definition(ColumnMeta oc, ColumnMeta nc, boolean charsetChanged) {
    ColumnDefinition o = oc.definition();
    ColumnDefinition n = nc.definition();
    List<String> parts = new ArrayList<>();
    if (o.protocolType() != n.protocolType() && oc.type().equals(nc.type())) {
      parts.add(
          "protocol type "
              + ColumnDefinition.typeName(o.protocolType())
              + " -> "
              + ColumnDefinition.typeName(n.protocolType()));
    }
    if (o.collationId() != n.collationId() && !charsetChanged) {
      parts.add(o.collationText() + " -> " + n.collationText());
    }
    int shown = ColumnDefinition.SHOWN_ELSEWHERE;
    if (charsetChanged || !TypeFamily.of(oc.type()).equals(TypeFamily.of(nc.type()))) {
      shown |= ColumnDefinition.FOLLOW_THE_TYPE;
    }
    int changed = (o.flags() ^ n.flags()) & ~shown;
    if (changed != 0) {
      List<String> flags = new ArrayList<>();
      ColumnDefinition.flagNames(changed & n.flags()).forEach(f -> flags.add("+" + f));
      ColumnDefinition.flagNames(changed & o.flags()).forEach(f -> flags.add("-" + f));
      parts.add("flags " + String.join(" ", flags));
    }
    named(parts, "original name", o.orgName(), n.orgName());
    named(parts, "table", o.table(), n.table());
    named(parts, "original table", o.orgTable(), n.orgTable());
    named(parts, "schema", o.schema(), n.schema());
    return String.join(", ", parts);
  }

  private static void named(List<String> parts, String what, String o, String n) {
    String a = o == null ? "" : o;
    String b = n == null ? "" : n;
    if (!a.equals(b)) {
      parts.add(what + " " + quoted(a) + " -> " + quoted(b));
    }
  }

  private static String quoted(String name) {
    return name.isEmpty() ? "(none)" : "`" + name + "`";
  }

  static String describe(ColumnMeta c) {
    String t = c.type();
    if (TypeFamily.of(t).equals("decimal") || TypeFamily.of(t).equals("float")) {
      return t + "(" + c.precision() + "," + c.scale() + ")";
    }
    return t + "(" + c.precision() + ")";
  }

  static void warnings(List<Warning> old, List<Warning> neu, List<Difference> out) {
    if (old.isEmpty() && neu.isEmpty()) {
      return;
    }
    Map<String, Integer> counts = new HashMap<>();
    old.forEach(w -> counts.merge(key(w), 1, Integer::sum));
    neu.forEach(w -> counts.merge(key(w), -1, Integer::sum));
    List<String> onlyOld = new ArrayList<>();
    List<String> onlyNew = new ArrayList<>();
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      if (e.getValue() > 0) {
        onlyOld.add(e.getKey());
      } else if (e.getValue() < 0) {
        onlyNew.add(e.getKey());
      }
    }
    if (onlyOld.isEmpty() && onlyNew.isEmpty()) {
      return;
    }
    onlyOld.sort(null);
    onlyNew.sort(null);
    StringBuilder d = new StringBuilder();
    if (!onlyNew.isEmpty()) {
      d.append("NEW only: ").append(String.join(" | ", onlyNew));
    }
    if (!onlyOld.isEmpty()) {
      d.append(d.isEmpty() ? "" : "; ").append("OLD only: ").append(String.join(" | ", onlyOld));
    }
    out.add(Difference.of(DiffKind.WARNINGS, d.toString()));
  }

  private static String key(Warning w) {
    return w.level() + " " + w.code() + ": " + w.message();
  }

  /** Coarse type families: a change across families is a real type change. */
  static final class TypeFamily {
    private TypeFamily() {}

    static String of(String typeName) {
      String t = typeName.toUpperCase(Locale.ROOT).replace(" UNSIGNED", "");
      return switch (t) {
        case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "INTEGER", "BIGINT", "YEAR" -> "integer";
        case "DECIMAL", "NUMERIC" -> "decimal";
        case "FLOAT", "DOUBLE", "REAL" -> "float";
        case "CHAR", "VARCHAR", "TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT", "ENUM", "SET" ->
            "text";
        case "BINARY", "VARBINARY", "TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB" -> "binary";
        default -> t;
      };
    }
  }
}
