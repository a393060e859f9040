package io.querytester.drift;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Picks the index to chunk by: the primary key, else the narrowest unique key whose columns are all
 * NOT NULL (a nullable unique key admits many NULL rows, so it cannot split a table into ranges).
 */
final class KeyChooser {
  private KeyChooser() {}

  static Optional<IndexDef> choose(List<IndexDef> indexes, Map<String, Column> columnsByName) {
    Optional<IndexDef> primary =
        indexes.stream().filter(i -> i.name().equals("PRIMARY") && !i.partial()).findFirst();
    if (primary.isPresent()) {
      return primary;
    }
    return indexes.stream()
        .filter(IndexDef::unique)
        .filter(i -> !i.partial())
        .filter(i -> i.columns().stream().allMatch(c -> notNull(columnsByName.get(c))))
        .min(
            Comparator.comparingInt((IndexDef i) -> i.columns().size())
                .thenComparing(IndexDef::name));
  }

  private static boolean notNull(Column c) {
    return c != null && !c.nullable();
  }
}
