package io.querytester.drift;

import java.util.ArrayList;
import java.util.List;

/**
 * WHERE clauses for key ranges on a (possibly composite) key, written as expanded comparisons:
 * {@code (a > 1) OR (a = 1 AND b > 2)}. Row constructors like {@code (a, b) > (1, 2)} read better
 * but older servers cannot use an index range for them. The extra {@code a >= 1} on the first
 * column lets every server start an index range scan.
 */
final class RangeSql {
  private RangeSql() {}

  static String where(List<Column> key, KeyRange range) {
    List<String> parts = new ArrayList<>();
    if (!range.lower().isEmpty()) {
      parts.add(bound(key, range.lower(), ">", ">"));
    }
    if (!range.upper().isEmpty()) {
      parts.add(bound(key, range.upper(), "<", "<="));
    }
    return parts.isEmpty() ? "1=1" : String.join(" AND ", parts);
  }

  /** Key columns equal to the literals: finds one row. */
  static String equal(List<Column> key, List<String> values) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      parts.add(key.get(i).quoted() + " = " + SqlLiteral.check(values.get(i)));
    }
    return String.join(" AND ", parts);
  }

  /**
   * Lexicographic comparison: strict on every column but the last, which uses {@code lastOp} (so
   * {@code <=} makes an inclusive upper bound).
   */
  private static String bound(List<Column> key, List<String> v, String op, String lastOp) {
    if (v.size() != key.size()) {
      throw new IllegalArgumentException(
          "key has " + key.size() + " columns, bound has " + v.size());
    }
    String first = key.get(0).quoted() + " " + lastOp + " " + v.get(0);
    if (key.size() == 1) {
      return first;
    }
    List<String> ors = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      List<String> ands = new ArrayList<>();
      for (int j = 0; j < i; j++) {
        ands.add(key.get(j).quoted() + " = " + v.get(j));
      }
      String o = i == key.size() - 1 ? lastOp : op;
      ands.add(key.get(i).quoted() + " " + o + " " + v.get(i));
      ors.add("(" + String.join(" AND ", ands) + ")");
    }
    String edge = key.get(0).quoted() + " " + (op.equals(">") ? ">=" : "<=") + " " + v.get(0);
    return "(" + edge + " AND (" + String.join(" OR ", ors) + "))";
  }
}
