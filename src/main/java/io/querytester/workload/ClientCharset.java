package io.querytester.workload;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A client character set ({@code character_set_client}) as the server's lexer uses it: which bytes
 * it takes as one multi-byte character. That matters where a character's second byte can be an
 * ASCII byte: after {@code SET NAMES gbk} the bytes 0xBF 0x5C are one character, and the backslash
 * that the analysis saw is gone. Each rule is the server's {@code my_ismbchar} for that character
 * set (strings/ctype-*.c), checked byte by byte against the servers in {@code ClientCharsetIT}.
 *
 * @param name the server's name for it, lower case
 * @param rule how the lexer splits its bytes into characters
 * @param java the Java character set that decodes one of its characters, or null
 */
public record ClientCharset(String name, Rule rule, Charset java) {

  /** How the lexer splits bytes into characters. */
  enum Rule {
    /** One byte, one character (latin1, cp1251, ascii, binary ...). */
    SINGLE,
    /** UTF-8 of at most three bytes (utf8, utf8mb3): a 4-byte sequence is four lone bytes. */
    UTF8MB3,
    UTF8MB4,
    /** Lead 0x81-0xFE, trail 0x40-0x7E or 0x80-0xFE: a backslash or a backquote can be a trail. */
    GBK,
    /** Lead 0xA1-0xF9, trail 0x40-0x7E or 0xA1-0xFE. */
    BIG5,
    /** sjis and cp932: lead 0x81-0x9F or 0xE0-0xFC, trail 0x40-0x7E or 0x80-0xFC. */
    SJIS,
    /** gbk's two-byte characters, and four-byte ones: lead, 0x30-0x39, 0x81-0xFE, 0x30-0x39. */
    GB18030,
    /** Lead 0x81-0xFE, trail 0x41-0x5A, 0x61-0x7A or 0x81-0xFE: letters can be trails. */
    EUCKR,
    /** ujis, eucjpms, gb2312: every byte of a multi-byte character is 0x8E or above. */
    EUC
  }

  /** What a replay connection starts with (Connector/J's connectionCollation utf8mb4_*). */
  public static final ClientCharset UTF8MB4 =
      new ClientCharset("utf8mb4", Rule.UTF8MB4, StandardCharsets.UTF_8);

  private static final Map<String, ClientCharset> KNOWN = known();

  private static Map<String, ClientCharset> known() {
    Map<String, String[]> table =
        Map.ofEntries(
            // name -> rule, Java decoder
            Map.entry("utf8mb4", new String[] {"UTF8MB4", "UTF-8"}),
            Map.entry("utf8mb3", new String[] {"UTF8MB3", "UTF-8"}),
            Map.entry("utf8", new String[] {"UTF8MB3", "UTF-8"}),
            Map.entry("gbk", new String[] {"GBK", "GBK"}),
            Map.entry("big5", new String[] {"BIG5", "Big5"}),
            Map.entry("sjis", new String[] {"SJIS", "Shift_JIS"}),
            Map.entry("cp932", new String[] {"SJIS", "windows-31j"}),
            Map.entry("gb18030", new String[] {"GB18030", "GB18030"}),
            Map.entry("euckr", new String[] {"EUCKR", "EUC-KR"}),
            Map.entry("ujis", new String[] {"EUC", "EUC-JP"}),
            Map.entry("eucjpms", new String[] {"EUC", "EUC-JP"}),
            Map.entry("gb2312", new String[] {"EUC", "GB2312"}),
            Map.entry("latin1", new String[] {"SINGLE", "windows-1252"}),
            Map.entry("latin2", new String[] {"SINGLE", "ISO-8859-2"}),
            Map.entry("latin5", new String[] {"SINGLE", "ISO-8859-9"}),
            Map.entry("latin7", new String[] {"SINGLE", "ISO-8859-13"}),
            Map.entry("greek", new String[] {"SINGLE", "ISO-8859-7"}),
            Map.entry("hebrew", new String[] {"SINGLE", "ISO-8859-8"}),
            Map.entry("cp1250", new String[] {"SINGLE", "windows-1250"}),
            Map.entry("cp1251", new String[] {"SINGLE", "windows-1251"}),
            Map.entry("cp1256", new String[] {"SINGLE", "windows-1256"}),
            Map.entry("cp1257", new String[] {"SINGLE", "windows-1257"}),
            Map.entry("cp850", new String[] {"SINGLE", "IBM850"}),
            Map.entry("cp852", new String[] {"SINGLE", "IBM852"}),
            Map.entry("cp866", new String[] {"SINGLE", "IBM866"}),
            Map.entry("koi8r", new String[] {"SINGLE", "KOI8-R"}),
            Map.entry("koi8u", new String[] {"SINGLE", "KOI8-U"}),
            Map.entry("macroman", new String[] {"SINGLE", "x-MacRoman"}),
            Map.entry("macce", new String[] {"SINGLE", "x-MacCentralEurope"}),
            Map.entry("tis620", new String[] {"SINGLE", "TIS-620"}),
            Map.entry("ascii", new String[] {"SINGLE", ""}),
            Map.entry("binary", new String[] {"SINGLE", ""}),
            Map.entry("armscii8", new String[] {"SINGLE", ""}),
            Map.entry("dec8", new String[] {"SINGLE", ""}),
            Map.entry("geostd8", new String[] {"SINGLE", ""}),
            Map.entry("hp8", new String[] {"SINGLE", ""}),
            Map.entry("keybcs2", new String[] {"SINGLE", ""}),
            Map.entry("swe7", new String[] {"SINGLE", ""}));
    Map<String, ClientCharset> out = new java.util.HashMap<>();
    table.forEach(
        (name, v) -> out.put(name, new ClientCharset(name, Rule.valueOf(v[0]), javaCharset(v[1]))));
    return Map.copyOf(out);
  }

  private static Charset javaCharset(String name) {
    if (name.isEmpty() || !Charset.isSupported(name)) {
      return null; // its bytes above 0x7F are read as unknown characters
    }
    return Charset.forName(name);
  }

  /**
   * The character set of that name (any case, quotes removed), or null when this tool does not know
   * how the server splits its bytes: the session's reading is then unknown. ucs2, utf16, utf16le
   * and utf32 are no client character sets (the server refuses them) and are not known here either.
   */
  public static ClientCharset named(String name) {
    return name == null ? null : KNOWN.get(name.toLowerCase(Locale.ROOT));
  }

  /**
   * Whether text sent in {@code sent} reaches this lexer unchanged: UTF-8 bytes read as utf8mb4, or
   * (for text without characters outside the Basic Multilingual Plane) as utf8mb3.
   */
  boolean readsAsSent(Charset sent, String text) {
    if (!sent.equals(StandardCharsets.UTF_8)) {
      return false;
    }
    if (rule == Rule.UTF8MB4) {
      return true;
    }
    return rule == Rule.UTF8MB3 && text.codePoints().allMatch(cp -> cp < 0x10000);
  }

  /**
   * How many bytes from {@code i} the lexer takes as one character: more than 1 for a multi-byte
   * character, 1 for a single byte (an ASCII byte, a byte of a single-byte set, or a byte that
   * starts no valid multi-byte character, which the lexer then reads alone).
   */
  int length(byte[] b, int i) {
    int c = b[i] & 0xFF;
    if (c < 0x80) {
      return 1;
    }
    return switch (rule) {
      case SINGLE -> 1;
      case UTF8MB3 -> utf8(b, i, 3);
      case UTF8MB4 -> utf8(b, i, 4);
      case GBK -> pair(b, i, c >= 0x81 && c <= 0xFE, 0x40, 0x7E, 0x80, 0xFE);
      case BIG5 -> pair(b, i, c >= 0xA1 && c <= 0xF9, 0x40, 0x7E, 0xA1, 0xFE);
      case SJIS ->
          pair(b, i, (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC), 0x40, 0x7E, 0x80, 0xFC);
      case GB18030 -> gb18030(b, i, c);
      case EUCKR -> euckr(b, i, c);
      case EUC -> euc(b, i, c);
    };
  }

  private static int at(byte[] b, int i) {
    return i < b.length ? b[i] & 0xFF : -1;
  }

  private static boolean in(int c, int lo, int hi) {
    return c >= lo && c <= hi;
  }

  private static int pair(byte[] b, int i, boolean lead, int lo1, int hi1, int lo2, int hi2) {
    int t = at(b, i + 1);
    return lead && (in(t, lo1, hi1) || in(t, lo2, hi2)) ? 2 : 1;
  }

  private static int gb18030(byte[] b, int i, int c) {
    if (!in(c, 0x81, 0xFE)) {
      return 1;
    }
    int t = at(b, i + 1);
    if (in(t, 0x40, 0x7E) || in(t, 0x80, 0xFE)) {
      return 2;
    }
    return in(t, 0x30, 0x39) && in(at(b, i + 2), 0x81, 0xFE) && in(at(b, i + 3), 0x30, 0x39)
        ? 4
        : 1;
  }

  private static int euckr(byte[] b, int i, int c) {
    int t = at(b, i + 1);
    boolean trail = in(t, 0x41, 0x5A) || in(t, 0x61, 0x7A) || in(t, 0x81, 0xFE);
    return in(c, 0x81, 0xFE) && trail ? 2 : 1;
  }

  /** ujis, eucjpms, gb2312: 0x8E + kana, 0x8F + two, or two of 0xA1-0xFE. */
  private static int euc(byte[] b, int i, int c) {
    int t = at(b, i + 1);
    if (c == 0x8E) {
      return in(t, 0xA1, 0xDF) ? 2 : 1;
    }
    if (c == 0x8F) {
      return in(t, 0xA1, 0xFE) && in(at(b, i + 2), 0xA1, 0xFE) ? 3 : 1;
    }
    return in(c, 0xA1, 0xFE) && in(t, 0xA1, 0xFE) ? 2 : 1;
  }

  private static int utf8(byte[] b, int i, int max) {
    int c = b[i] & 0xFF;
    int n;
    if (in(c, 0xC2, 0xDF)) {
      n = 2;
    } else if (in(c, 0xE0, 0xEF)) {
      n = 3;
    } else if (in(c, 0xF0, 0xF4) && max == 4) {
      n = 4;
    } else {
      return 1;
    }
    for (int k = 1; k < n; k++) {
      if (!in(at(b, i + k), 0x80, 0xBF)) {
        return 1;
      }
    }
    return n;
  }

  /** Whether the lexer splits bytes alike under both: utf8 and utf8mb3 are one set. */
  public boolean readsLike(ClientCharset other) {
    return other != null && rule == other.rule && Objects.equals(java, other.java);
  }

  @Override
  public String toString() {
    return name;
  }
}
