package io.querytester.replay;

import io.querytester.run.Difference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the rows that differ between two sampled runs: a multiset difference by row hash, so row
 * order never matters and duplicates count. Only rows in the digest buckets that differed were
 * kept, which bounds memory whatever the size of the results.
 */
final class RowSampler {
  private RowSampler() {}

  static Difference.RowSamples diff(
      List<String> columns, List<SampledRow> old, List<SampledRow> neu, int max, boolean capped) {
    Map<String, Integer> balance = new HashMap<>();
    Map<String, List<String>> values = new HashMap<>();
    for (SampledRow r : old) {
      balance.merge(r.hash(), 1, Integer::sum);
      values.putIfAbsent(r.hash(), r.values());
    }
    for (SampledRow r : neu) {
      balance.merge(r.hash(), -1, Integer::sum);
      values.putIfAbsent(r.hash(), r.values());
    }
    List<List<String>> onlyOld = new ArrayList<>();
    List<List<String>> onlyNew = new ArrayList<>();
    boolean truncated = capped;
    // Sorted by their values, a changed row on OLD and its counterpart on NEW usually share a
    // key in the first column and land at the same position in the report.
    old = sorted(old);
    neu = sorted(neu);
    // Walk in the order rows came from OLD then NEW, so the sample reads like the results.
    for (SampledRow r : concat(old, neu)) {
      Integer b = balance.get(r.hash());
      if (b == null || b == 0) {
        continue;
      }
      List<List<String>> into = b > 0 ? onlyOld : onlyNew;
      if (into.size() < max) {
        into.add(values.get(r.hash()));
      } else {
        truncated = true;
      }
      balance.put(r.hash(), b > 0 ? b - 1 : b + 1);
    }
    return new Difference.RowSamples(columns, onlyOld, onlyNew, truncated);
  }

  private static List<SampledRow> sorted(List<SampledRow> rows) {
    List<SampledRow> s = new ArrayList<>(rows);
    s.sort((a, b) -> compareRows(a.values(), b.values()));
    return s;
  }

  static int compareRows(List<String> a, List<String> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compareValues(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int compareValues(String a, String b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    try {
      return new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b));
    } catch (NumberFormatException e) {
      return a.compareTo(b);
    }
  }

  private static List<SampledRow> concat(List<SampledRow> a, List<SampledRow> b) {
    List<SampledRow> all = new ArrayList<>(a.size() + b.size());
    all.addAll(a);
    all.addAll(b);
    return all;
  }
}
