package io.querytester.run;

/**
 * A 128-bit result digest as a replay computes it (two longs), as the reports show it (32
 * lower-case hex digits) and as a short line of the execution log carries it (22 characters of
 * URL-safe base64, no padding), one into the other without a byte array in between. Every agreeing
 * execution has two digests each way: through the JDK's {@code HexFormat} and {@code Base64} that
 * took about 3 us per digest under the launcher's C1 compiler (async-profiler, writing and reading
 * a 20,000-statement run), a tenth of the analysis after a replay.
 */
public final class DigestText {
  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();
  private static final char[] BASE64_DIGITS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();

  /** Each ASCII character's value as a hex or base64 digit, -1 when it is none. */
  private static final byte[] HEX_VALUES = values(HEX_DIGITS);

  private static final byte[] BASE64_VALUES = values(BASE64_DIGITS);

  private DigestText() {}

  private static byte[] values(char[] digits) {
    byte[] values = new byte[128];
    java.util.Arrays.fill(values, (byte) -1);
    for (int i = 0; i < digits.length; i++) {
      values[digits[i]] = (byte) i;
    }
    return values;
  }

  /**
   * The 32 hex digits of {@code high} then {@code low}: how a replay writes each result's digest
   * (HexFormat's four calls and a concatenation took twice as long under C1).
   */
  public static String hex(long high, long low) {
    char[] out = new char[32];
    for (int i = 0; i < 16; i++) {
      out[i] = HEX_DIGITS[(int) (high >>> (60 - 4 * i)) & 0xf];
      out[16 + i] = HEX_DIGITS[(int) (low >>> (60 - 4 * i)) & 0xf];
    }
    return new String(out);
  }

  /**
   * Whether {@code s} is 32 lower-case hex digits: what base64 carries and gives back unchanged.
   */
  static boolean isHex128(String s) {
    if (s == null || s.length() != 32) {
      return false;
    }
    for (int i = 0; i < 32; i++) {
      char c = s.charAt(i);
      if (c >= 128 || HEX_VALUES[c] < 0) {
        return false;
      }
    }
    return true;
  }

  /** The 22 base64 characters of a digest for which {@link #isHex128} holds. */
  static String base64(String hex) {
    long high = hexHalf(hex, 0);
    long low = hexHalf(hex, 16);
    char[] out = new char[22];
    for (int i = 0; i < 21; i++) {
      out[i] = BASE64_DIGITS[(int) shiftedRight(high, low, 122 - 6 * i) & 0x3f];
    }
    out[21] = BASE64_DIGITS[(int) (low & 0x3) << 4]; // the last 2 bits, padded with 4 zero bits
    return new String(out);
  }

  /**
   * The 32 hex digits of 22 base64 characters (or 24 with the padding the encoder leaves out). As
   * with the JDK's decoder, the 4 bits the last character carries beyond the 128 are not checked.
   *
   * @throws IllegalArgumentException when {@code base64} is not 22 base64 characters
   */
  static String hex(String base64) {
    if (base64.length() == 24 && base64.endsWith("==")) {
      base64 = base64.substring(0, 22); // padded, as the JDK's decoder also takes it
    }
    if (base64.length() != 22) {
      throw new IllegalArgumentException("a digest of " + base64.length() + " characters");
    }
    long high = 0;
    long low = 0;
    for (int i = 0; i < 21; i++) { // 126 bits: nothing is shifted out of high
      high = high << 6 | low >>> 58;
      low = low << 6 | digit(base64, i);
    }
    high = high << 2 | low >>> 62;
    low = low << 2 | digit(base64, 21) >>> 4;
    return hex(high, low);
  }

  /** The 128-bit number {@code high}:{@code low} shifted right by {@code n} (1 to 127) bits. */
  private static long shiftedRight(long high, long low, int n) {
    return n >= 64 ? high >>> (n - 64) : low >>> n | high << (64 - n);
  }

  /** The 16 hex digits of {@code hex} from {@code from}, known to be hex digits. */
  private static long hexHalf(String hex, int from) {
    long v = 0;
    for (int i = from; i < from + 16; i++) {
      v = v << 4 | HEX_VALUES[hex.charAt(i)];
    }
    return v;
  }

  private static int digit(String s, int at) {
    char c = s.charAt(at);
    int v = c < 128 ? BASE64_VALUES[c] : -1;
    if (v < 0) {
      throw new IllegalArgumentException("not a base64 character at " + at + ": " + c);
    }
    return v;
  }
}
