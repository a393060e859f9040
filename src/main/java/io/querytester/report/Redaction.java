package io.querytester.report;

import io.querytester.server.JdbcUrls;
import io.querytester.workload.SqlRedactor;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a report may show of user data. Always: passwords masked in statements and URLs. With {@code
 * --redact}: literals in statements become {@code ?}, quoted text in messages becomes {@code '?'},
 * and every value in row samples becomes a short keyed hash, so a reader still sees which cells
 * differ and which are equal without seeing the data. The key is random per report and never
 * written, so the hashes cannot be looked up in a table of likely values.
 */
final class Redaction {
  private static final String MARKER = "[redacted ";
  private static final Pattern NEAR = Pattern.compile("(?s)(.*near ')(.*)(' at line \\d+.*)");
  private static final Pattern QUOTED = Pattern.compile("'(?:[^'\\\\]|\\\\.|'')*'|\"[^\"]*\"");

  private final boolean on;
  private final Mac mac;

  private Redaction(boolean on) {
    this.on = on;
    this.mac = on ? newMac() : null;
  }

  static Redaction off() {
    return new Redaction(false);
  }

  static Redaction on() {
    return new Redaction(true);
  }

  boolean enabled() {
    return on;
  }

  String statement(String sql) {
    return on ? SqlRedactor.literals(sql) : SqlRedactor.passwords(sql);
  }

  /** A value from a result row; SQL NULL stays null. */
  String value(String v) {
    if (!on || v == null) {
      return v;
    }
    byte[] h;
    synchronized (mac) {
      h = mac.doFinal(v.getBytes(StandardCharsets.UTF_8));
    }
    return MARKER + HexFormat.of().formatHex(h, 0, 3) + "]";
  }

  /** Whether a value is a redacted one: a hash of the whole value, with no parts to compare. */
  static boolean redacted(String v) {
    return v != null && v.startsWith(MARKER);
  }

  /** An error or warning message, or a difference's description that quotes one. */
  String message(String m) {
    if (m == null) {
      return null;
    }
    String masked = JdbcUrls.mask(m);
    Matcher near = NEAR.matcher(masked);
    if (!on) {
      // A syntax error quotes the statement: its passwords are masked as in the statement itself.
      return near.matches()
          ? near.group(1) + SqlRedactor.passwords(near.group(2)) + near.group(3)
          : masked;
    }
    if (near.matches()) {
      // "... near 'FROM t WHERE x = 'secret'' at line 1": the quoted part is SQL, unbalanced.
      return quoted(near.group(1)) + SqlRedactor.literals(near.group(2)) + quoted(near.group(3));
    }
    return quoted(masked);
  }

  private static String quoted(String s) {
    return QUOTED.matcher(s).replaceAll(r -> r.group().charAt(0) == '"' ? "\"?\"" : "'?'");
  }

  private static Mac newMac() {
    try {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
