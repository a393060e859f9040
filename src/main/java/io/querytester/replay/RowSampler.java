package io.querytester.replay;

import io.querytester.compare.Difference;
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

  private static List<SampledRow> concat(List<SampledRow> a, List<SampledRow> b) {
    List<SampledRow> all = new ArrayList<>(a.size() + b.size());
    all.addAll(a);
    all.addAll(b);
    return all;
  }
}
