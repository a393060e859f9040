package io.querytester.run;

import io.querytester.workload.StatementKind;
import java.util.Objects;

/**
 * The layout of {@code executions.jsonl}, version 2; docs/replay.md describes it for users.
 *
 * <pre>
 * {"format":"querytester-executions","version":2}        the first line
 * {"d":1,"class":"746D96521AE5B82C","kind":"READ"}       a definition: class and kind
 * {"d":2,"columns":[{"name":"id",...}]}                  a definition: a list of columns
 * {"d":3,"text":"write"}                                 a definition: a skip reason
 * [event,session,1,oldLast,oldWait,newLast,newWait,rows,2,"ordered","unordered"]
 *                                  both sides agree: ok, same rows, columns and digest
 * ["s",event,session,1,last,wait,rows,2,"ordered","unordered"]   one side (a single-target run)
 * ["k",event,session,1,3]                                 skipped, with its reason
 * {"event":...,"old":{...,"cols":2},"neu":{...}}          anything else, in full
 * </pre>
 *
 * Latencies are the last row's (µs) and the wait from the first row to it; a digest is its two
 * 128-bit hashes in URL-safe base64; {@code 0} refers to no columns. After the digest, a run with
 * {@code --repeat} adds the repeats' latencies per side. Version 1 (no first line, every line in
 * full, as earlier releases wrote it) is still read.
 */
final class LogFormat {
  static final String FORMAT = "querytester-executions";
  static final int VERSION = 2;
  static final String HEADER = "{\"format\":\"" + FORMAT + "\",\"version\":" + VERSION + "}";

  /** The field that makes an object line a definition. */
  static final String DEFINITION = "d";

  /** In a full line's observation, the number of its column list's definition. */
  static final String COLUMNS_REF = "cols";

  /** The tag of a one-sided compact line. */
  static final String SINGLE = "\"s\"";

  /** The tag of a skipped execution's line. */
  static final String SKIPPED = "\"k\"";

  /** At most this many definitions of a sort: a workload of ever new values cannot fill memory. */
  static final int MAX_CLASSES = 65_536;

  static final int MAX_COLUMN_LISTS = 4_096;
  static final int MAX_TEXTS = 4_096;

  /** A class and its statement kind, which the compact lines refer to by number. */
  record ClassKey(String classId, StatementKind kind) {
    // Written out for the C1 compiler, as ColumnMeta's: the log looks this key up per statement.
    @Override
    public boolean equals(Object o) {
      return o == this
          || o instanceof ClassKey k && kind == k.kind && Objects.equals(classId, k.classId);
    }

    @Override
    public int hashCode() {
      return 31 * Objects.hashCode(classId) + Objects.hashCode(kind);
    }
  }

  private LogFormat() {}
}
