package io.querytester.workload;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Computes a {@link SqlProfile}: the fingerprint and its class id, then the statement kind, then
 * one token pass for unsafe reads, nondeterminism and ordering. Each step is linear in the text.
 */
final class SqlAnalyzer {
  private static final HexFormat HEX = HexFormat.of().withUpperCase();

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
    String text = sql == null ? "" : sql;
    String fp = Fingerprint.of(text);
    StatementKind kind = PreparedTemplate.kindOf(text, StatementClassifier.classify(text));
    NondeterminismDetector.Result r = NondeterminismDetector.scan(text, kind);
    return new SqlProfile(fp, classId(fp), kind, r.unsafeReason(), r.markers(), r.ordered());
  }

  /** pt-query-digest's query id: the last 16 hex digits of MD5(fingerprint), upper case. */
  static String classId(String fingerprint) {
    byte[] md5 = MD5.get().digest(fingerprint.getBytes(StandardCharsets.UTF_8));
    return HEX.formatHex(md5, 8, 16);
  }
}
