package io.querytester.drift;

import java.util.List;

/**
 * A chunk's key range: rows whose key is greater than {@code lower} and at most {@code upper}, as
 * the server orders them. Bounds are SQL literals made by the server (QUOTE or X'..'); an empty
 * list means unbounded on that side, so the first chunk takes everything below and the last chunk
 * everything above, including rows inserted while the check runs.
 *
 * @param lower exclusive lower bound, or empty
 * @param upper inclusive upper bound, or empty
 */
record KeyRange(List<String> lower, List<String> upper) {
  static final KeyRange ALL = new KeyRange(List.of(), List.of());

  KeyRange {
    lower = List.copyOf(lower);
    upper = List.copyOf(upper);
    lower.forEach(SqlLiteral::check);
    upper.forEach(SqlLiteral::check);
  }

  boolean last() {
    return upper.isEmpty();
  }
}
