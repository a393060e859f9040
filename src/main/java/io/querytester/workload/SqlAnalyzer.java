package io.querytester.workload;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/** Computes a {@link SqlProfile}. Placeholder rules; the full analyser replaces them. */
final class SqlAnalyzer {
  private SqlAnalyzer() {}

  static SqlProfile analyze(String sql) {
    String fp =
        sql.strip()
            .replaceAll("\\s+", " ")
            .toLowerCase(Locale.ROOT)
            .replaceAll("'[^']*'", "?")
            .replaceAll("\\b\\d+\\b", "?");
    String first = fp.split(" ", 2)[0];
    StatementKind kind =
        switch (first) {
          case "select", "show", "explain", "describe", "desc", "with", "table", "values" ->
              StatementKind.READ;
          case "insert", "update", "delete", "replace", "load" -> StatementKind.WRITE;
          case "create", "alter", "drop", "rename", "truncate" -> StatementKind.DDL;
          case "set", "use" -> StatementKind.SESSION;
          case "begin", "start", "commit", "rollback", "savepoint", "xa" ->
              StatementKind.TRANSACTION;
          default -> StatementKind.ADMIN;
        };
    return new SqlProfile(fp, classId(fp), kind, null, Set.of(), fp.contains("order by"));
  }

  static String classId(String fingerprint) {
    try {
      byte[] md5 =
          MessageDigest.getInstance("MD5").digest(fingerprint.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().withUpperCase().formatHex(md5, 8, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
