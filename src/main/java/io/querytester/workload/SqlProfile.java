package io.querytester.workload;

import java.util.Set;

/**
 * Everything known about a statement from its text alone.
 *
 * @param fingerprint the normalised text (literals as ?, IN lists collapsed), as pt-query-digest
 * @param classId the last 16 hex digits (upper case) of the MD5 of the fingerprint, as
 *     pt-query-digest's query ids, so users can cross-reference
 * @param kind read, write, DDL, session, transaction, admin
 * @param unsafeReason why a READ must not be replayed by default (FOR UPDATE, INTO OUTFILE,
 *     GET_LOCK, SLEEP, user variable assignment ...), null when safe; SET GLOBAL is kind ADMIN
 * @param nondeterminism static markers that make results vary between runs: "NOW()", "RAND()",
 *     "UUID()", "CONNECTION_ID()", "LAST_INSERT_ID()", "FOUND_ROWS()", "LIMIT without ORDER BY" ...
 * @param ordered whether the result order is defined by an ORDER BY of the outermost query
 * @param calls names called like functions that are no built-in function this analyser knows (lower
 *     case, no schema): candidates for stored functions, which replay looks up
 */
public record SqlProfile(
    String fingerprint,
    String classId,
    StatementKind kind,
    String unsafeReason,
    Set<String> nondeterminism,
    boolean ordered,
    Set<String> calls) {

  /**
   * The profile from the text alone. Executable comments are read as SQL; a statement that the
   * oldest servers would read otherwise carries an unsafe reason.
   */
  public static SqlProfile of(String sql) {
    return SqlAnalyzer.analyze(sql);
  }

  /**
   * Unsafe reasons that only lock rows, advance a sequence or set the session's own user variables:
   * changes on the replay targets that a write replay makes anyway.
   */
  private static final Set<String> WRITES_ALLOW =
      Set.of(
          "FOR UPDATE",
          "FOR SHARE",
          "LOCK IN SHARE MODE",
          "NEXT VALUE FOR",
          "NEXTVAL()",
          "SETVAL()",
          "INTO @var",
          "user variable assignment (@var :=)");

  /**
   * A read that is unsafe only because it locks rows (FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE),
   * advances a sequence (NEXTVAL, SETVAL, NEXT VALUE FOR) or sets user variables (INTO @var, @v
   * :=): replay runs it with --allow-writes, since a read-write workload's later statements use
   * what it locked or kept.
   */
  public boolean lockingOrSequenceRead() {
    return kind == StatementKind.READ && excusedByWrites(unsafeReason);
  }

  static boolean excusedByWrites(String unsafeReason) {
    return unsafeReason != null && WRITES_ALLOW.contains(unsafeReason);
  }

  /** The statement as a server of this flavour and version will run it. */
  public static SqlProfile of(String sql, ServerDialect dialect) {
    return SqlAnalyzer.analyze(sql, dialect);
  }

  /**
   * The statement as a server of this flavour and version will run it in a session read as {@code
   * reading} (its sql_mode and client character set): see {@link SqlReading}.
   */
  public static SqlProfile of(String sql, ServerDialect dialect, SqlReading reading) {
    return SqlAnalyzer.analyze(sql, dialect, reading);
  }

  /** Whether the text holds an executable comment, so that servers may read it differently. */
  public static boolean dependsOnServer(String sql) {
    return sql != null && SqlAnalyzer.hasExecutableComment(sql);
  }

  SqlProfile withUnsafeReason(String reason) {
    return new SqlProfile(fingerprint, classId, kind, reason, nondeterminism, ordered, calls);
  }

  /** A read that replay may run without --allow-writes. */
  public boolean safeRead() {
    return kind == StatementKind.READ && unsafeReason == null;
  }
}
