package io.querytester;

/** Cuts text short without splitting a character that takes two chars (an emoji, say). */
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
}
