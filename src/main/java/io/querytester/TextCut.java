package io.querytester;

/**
 * Cuts text short without splitting a character that takes two chars (an emoji, say): the one place
 * that shortens a statement, value or message for a reader, so every output cuts the same way.
 */
public final class TextCut {
  private TextCut() {}

  /**
   * The end of the longest prefix of {@code s} of at most {@code max} chars that does not end in
   * the first half of a surrogate pair: a lone half is written as {@code ?} in a file and is not
   * valid text in a report.
   */
  public static int end(String s, int max) {
    if (max >= s.length()) {
      return s.length();
    }
    return max > 0 && Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
  }

  /** That prefix. */
  public static String prefix(String s, int max) {
    return s.substring(0, end(s, max));
  }

  /**
   * {@code s} when it has at most {@code max} chars; else its first {@code max - 3} and "...", so
   * that it never takes more than {@code max} (a column, a line).
   */
  public static String abbreviate(String s, int max) {
    return s.length() <= max ? s : prefix(s, max - 3) + "...";
  }

  /**
   * {@code s} when it has at most {@code max} chars; else its first {@code max} and {@code mark}.
   */
  public static String cut(String s, int max, String mark) {
    return s.length() <= max ? s : prefix(s, max) + mark;
  }
}
