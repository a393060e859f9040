package io.querytester.workload;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Computes a {@link SqlProfile}: the fingerprint and its class id, then the statement kind, then
 * one token pass for unsafe reads, nondeterminism and ordering. Each step is linear in the text.
 */
final class SqlAnalyzer {
  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  /**
   * Servers whose reading of executable comments a profile without a dialect must agree with: the
   * oldest of each flavour in use. The profile itself reads every comment's content as SQL.
   */
  private static final List<ServerDialect> OLDEST =
      List.of(new ServerDialect(true, 100000), new ServerDialect(false, 50600));

  static final String DEPENDS_ON_VERSION =
      "an executable comment makes it another statement on some server versions";

  /** MessageDigest.getInstance looks the provider up each time; one digest per thread will do. */
  private static final ThreadLocal<MessageDigest> MD5 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("MD5");
            } catch (NoSuchAlgorithmException e) {
              throw new IllegalStateException("every Java runtime has MD5", e);
            }
          });

  private SqlAnalyzer() {}

  static SqlProfile analyze(String sql) {
    return analyze(sql, true);
  }

  /**
   * @param outer false for the text of a PREPARE or EXECUTE IMMEDIATE, whose placeholders take
   *     their values from USING: only a statement as the workload holds it can be a template
   */
  private static SqlProfile analyze(String sql, boolean outer) {
    String text = sql == null ? "" : sql;
    SqlProfile p = analyze(text, Fingerprint.of(text), null, outer, Reading.DEFAULT);
    if (p.unsafeReason() == null && hasExecutableComment(text)) {
      for (ServerDialect d : OLDEST) {
        SqlProfile other = analyze(text, p.fingerprint(), d, outer, Reading.DEFAULT);
        if (other.kind() != p.kind() || other.safeRead() != p.safeRead()) {
          return p.withUnsafeReason(DEPENDS_ON_VERSION);
        }
      }
    }
    return p;
  }

  /** The statement as the server of {@code dialect} will run it. */
  static SqlProfile analyze(String sql, ServerDialect dialect) {
    String text = sql == null ? "" : sql;
    return analyze(text, Fingerprint.of(text), dialect, true, Reading.DEFAULT);
  }

  /**
   * The statement as the server of {@code dialect} will run it in a session read as {@code
   * reading}: the text its lexer sees (multi-byte characters split by the client character set),
   * tokenised under the session's sql_mode. The class stays the workload text's.
   */
  static SqlProfile analyze(String sql, ServerDialect dialect, SqlReading reading) {
    if (reading == null || reading.isDefault()) {
      return analyze(sql, dialect);
    }
    String text = sql == null ? "" : sql;
    String fp = Fingerprint.of(text);
    ClientBytes.Seen seen = reading.see(text);
    if (seen.unprovable() != null) {
      StatementKind kind = StatementClassifier.classify(text, dialect);
      return new SqlProfile(
          fp,
          classId(fp),
          kind,
          "cannot be read as the server reads it: " + seen.unprovable(),
          Set.of(),
          false,
          Set.of());
    }
    return analyze(seen.text(), fp, dialect, true, new Reading(reading, !seen.text().equals(text)));
  }

  /**
   * What the inner analyses need of a session's reading: its sql_mode, and whether the server's
   * text differs from the workload's (a multi-byte client character set), in which case a prepared
   * text with non-ASCII characters cannot be proved: the server converts it before reading it.
   */
  private record Reading(SqlReading reading, boolean transcoded) {
    static final Reading DEFAULT = new Reading(SqlReading.DEFAULT, false);

    SqlModes modes() {
      return reading.modes();
    }
  }

  private static SqlProfile analyze(
      String text, String fp, ServerDialect dialect, boolean outer, Reading reading) {
    SqlModes modes = reading.modes();
    PreparedText prepared = PreparedText.of(text, dialect, modes);
    if (prepared != null) {
      return prepared(fp, prepared, dialect, reading);
    }
    StatementKind kind = StatementClassifier.classify(text, dialect, modes);
    if (outer) {
      kind = PreparedTemplate.kindOf(text, kind);
    }
    NondeterminismDetector.Result r = NondeterminismDetector.scan(text, kind, dialect, modes);
    return new SqlProfile(
        fp, classId(fp), kind, r.unsafeReason(), r.markers(), r.ordered(), r.calls());
  }

  /**
   * PREPARE is a session statement that is safe only when it prepares a safe read; EXECUTE
   * IMMEDIATE is the statement it runs, but a session statement run so is never followed.
   */
  private static SqlProfile prepared(
      String fp, PreparedText prepared, ServerDialect dialect, Reading reading) {
    String id = classId(fp);
    String why = null;
    if (prepared.text() == null) {
      why = "prepared text that is not one string literal cannot be checked";
    } else if (reading.transcoded() && !prepared.text().chars().allMatch(c -> c < 0x80)) {
      why =
          "prepared text with non-ASCII characters under character_set_client "
              + reading.reading().client().name()
              + " cannot be checked";
    }
    if (why != null) {
      return prepared.immediate()
          ? new SqlProfile(fp, id, StatementKind.OTHER, why, Set.of(), false, Set.of())
          : new SqlProfile(fp, id, StatementKind.SESSION, why, Set.of(), false, Set.of());
    }
    SqlProfile inner =
        dialect == null
            ? analyze(prepared.text(), false)
            : analyze(prepared.text(), Fingerprint.of(prepared.text()), dialect, false, reading);
    if (prepared.immediate()) {
      String unsafe = inner.unsafeReason();
      if (unsafe == null && inner.kind() == StatementKind.SESSION) {
        unsafe = "a session statement run by EXECUTE IMMEDIATE, whose state is not followed";
      }
      return new SqlProfile(
          fp, id, inner.kind(), unsafe, inner.nondeterminism(), inner.ordered(), inner.calls());
    }
    why = inner.safeRead() ? null : "prepares " + describe(inner);
    return new SqlProfile(fp, id, StatementKind.SESSION, why, Set.of(), false, inner.calls());
  }

  private static String describe(SqlProfile p) {
    String kind = p.kind().name().toLowerCase(Locale.ROOT);
    return p.unsafeReason() == null ? "a " + kind : "a " + kind + " (" + p.unsafeReason() + ")";
  }

  static boolean hasExecutableComment(String text) {
    // one pass, not two contains: the replay asks this for every statement
    for (int i = text.indexOf("/*"); i >= 0; i = text.indexOf("/*", i + 2)) {
      if (text.startsWith("!", i + 2) || text.startsWith("M!", i + 2)) {
        return true;
      }
    }
    return false;
  }

  /** pt-query-digest's query id: the last 16 hex digits of MD5(fingerprint), upper case. */
  static String classId(String fingerprint) {
    byte[] md5 = MD5.get().digest(fingerprint.getBytes(StandardCharsets.UTF_8));
    return HEX.formatHex(md5, 8, 16);
  }
}
