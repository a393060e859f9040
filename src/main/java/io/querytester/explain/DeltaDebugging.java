package io.querytester.explain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Zeller's ddmin: from a set of items that passes a test (NEW with OLD's values of every candidate
 * setting behaves like OLD), a smallest subset that still passes, removing chunks and halving them.
 * The result is 1-minimal: removing any one item of it fails the test. Typically O(k log n) tests
 * for k causes among n candidates; each test is a trial on a server, so the caller may stop it
 * early, and then gets the smallest set found so far (which passes).
 */
final class DeltaDebugging {
  private DeltaDebugging() {}

  /**
   * @param items the smallest set that passes, in the order given
   * @param complete false when the search was stopped before it proved the set 1-minimal
   * @param tests how many tests were run
   */
  record Result<T>(List<T> items, boolean complete, int tests) {}

  /**
   * @param items a set that passes {@code test} (not tested again)
   * @param test whether a subset still passes
   * @param stop asked before each test: true ends the search with the set found so far
   */
  static <T> Result<T> minimize(List<T> items, Predicate<List<T>> test, BooleanSupplier stop) {
    Map<List<T>, Boolean> seen = new HashMap<>();
    int[] tests = {0};
    Predicate<List<T>> cached =
        s ->
            seen.computeIfAbsent(
                List.copyOf(s),
                k -> {
                  tests[0]++;
                  return test.test(k);
                });
    List<T> c = List.copyOf(items);
    int n = 2;
    while (c.size() >= 2) {
      List<List<T>> chunks = split(c, n);
      List<T> next = null;
      int nextN = n;
      for (List<T> chunk : chunks) {
        if (stop.getAsBoolean()) {
          return new Result<>(c, false, tests[0]);
        }
        if (cached.test(chunk)) {
          next = chunk;
          nextN = 2;
          break;
        }
      }
      if (next == null && n > 2) {
        for (List<T> chunk : chunks) {
          List<T> rest = new ArrayList<>(c);
          rest.removeAll(chunk);
          if (stop.getAsBoolean()) {
            return new Result<>(c, false, tests[0]);
          }
          if (cached.test(rest)) {
            next = rest;
            nextN = Math.max(n - 1, 2);
            break;
          }
        }
      }
      if (next != null) {
        c = List.copyOf(next);
        n = nextN;
      } else if (n >= c.size()) {
        break;
      } else {
        n = Math.min(c.size(), 2 * n);
      }
    }
    return new Result<>(c, true, tests[0]);
  }

  /** {@code c} cut into {@code n} chunks of nearly equal size, in order. */
  static <T> List<List<T>> split(List<T> c, int n) {
    List<List<T>> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < n; i++) {
      int end = start + (c.size() - start) / (n - i);
      if (end > start) {
        out.add(List.copyOf(c.subList(start, end)));
      }
      start = end;
    }
    return out;
  }
}
