package io.querytester.drift;

import java.util.List;

/**
 * One table's result on every replica.
 *
 * @param table db.table
 * @param keyKind how it was chunked
 * @param keyName the chunking index, empty for a whole-table check
 * @param chunks chunks checked
 * @param rows source rows checked
 * @param warnings e.g. no key: checked whole
 * @param replicas one per replica, in the order given
 */
public record TableReport(
    String table,
    KeyKind keyKind,
    String keyName,
    int chunks,
    long rows,
    List<String> warnings,
    List<ReplicaTable> replicas) {

  public TableReport {
    warnings = List.copyOf(warnings);
    replicas = List.copyOf(replicas);
  }

  Verdict verdict() {
    return replicas.stream().map(ReplicaTable::verdict).reduce(Verdict.CONSISTENT, Verdict::worst);
  }
}
