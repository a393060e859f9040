package io.querytester.run;

import java.util.List;

/**
 * What one execution of one statement on one target gave.
 *
 * @param outcome ok, error, timeout, lost or too large
 * @param firstRowMicros from the intended start to the first row (or the end, without rows)
 * @param lastRowMicros from the intended start to the last row read: the latency
 * @param rows rows returned, or rows affected for a write
 * @param lastInsertId for writes, the generated key, if any
 * @param columns column metadata, empty without a result set
 * @param warnings SHOW WARNINGS, fetched only when the server reported some
 * @param digest the result digest, null without a result set
 */
public record Observation(
    Outcome outcome,
    long firstRowMicros,
    long lastRowMicros,
    long rows,
    Long lastInsertId,
    List<ColumnMeta> columns,
    List<Warning> warnings,
    ResultDigest digest) {

  public Observation {
    columns = columns == null ? List.of() : columns;
    warnings = warnings == null ? List.of() : warnings;
  }

  public boolean ok() {
    return outcome instanceof Outcome.Ok;
  }

  public Integer errorCode() {
    return outcome instanceof Outcome.Failed f ? f.code() : null;
  }
}
