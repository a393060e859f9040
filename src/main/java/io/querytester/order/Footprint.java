package io.querytester.order;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The tables, and where known the rows (by key), that a statement or a transaction touches; or
 * everything. Two footprints overlap when they share a table and either holds the whole of it, or
 * they share a row.
 */
final class Footprint {
  /** Shared: never add to it. */
  static final Footprint EVERYTHING = new Footprint(true);

  private boolean everything;
  // table -> keys of its rows; null: the whole table
  private final Map<String, Set<String>> tables = new HashMap<>(4);

  Footprint() {
    this(false);
  }

  private Footprint(boolean everything) {
    this.everything = everything;
  }

  boolean everything() {
    return everything;
  }

  boolean isEmpty() {
    return !everything && tables.isEmpty();
  }

  void addEverything() {
    everything = true;
  }

  void addWhole(String table) {
    tables.put(table, null);
  }

  void addRow(String table, String key) {
    if (tables.containsKey(table) && tables.get(table) == null) {
      return; // the whole table already
    }
    tables.computeIfAbsent(table, t -> new HashSet<>(4)).add(key);
  }

  void addAll(Footprint other) {
    everything |= other.everything;
    for (Map.Entry<String, Set<String>> e : other.tables.entrySet()) {
      if (e.getValue() == null) {
        addWhole(e.getKey());
      } else {
        for (String k : e.getValue()) {
          addRow(e.getKey(), k);
        }
      }
    }
  }

  /** Each table with the keys of its rows, null for the whole table. */
  void forEach(java.util.function.BiConsumer<String, Set<String>> each) {
    tables.forEach(each);
  }

  /** Whether both name a same row by its key (a conflict that is certain, not only possible). */
  boolean sharesRow(Footprint other) {
    if (everything || other.everything) {
      return false;
    }
    for (Map.Entry<String, Set<String>> e : tables.entrySet()) {
      Set<String> b = other.tables.get(e.getKey());
      if (e.getValue() != null && b != null && intersects(e.getValue(), b)) {
        return true;
      }
    }
    return false;
  }

  private static boolean intersects(Set<String> a, Set<String> b) {
    Set<String> small = a.size() <= b.size() ? a : b;
    Set<String> big = small == a ? b : a;
    for (String k : small) {
      if (big.contains(k)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return everything ? "everything" : tables.toString();
  }
}
