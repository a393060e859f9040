package io.querytester.report;

/**
 * What replaced what in a value that differs: the word in which two values first differ, so that
 * {@code 'utf8_general_ci' -> 'utf8mb3_general_ci'}, {@code 'utf8' -> 'utf8mb3'} and {@code
 * 'DEFAULT CHARSET=utf8' -> 'DEFAULT CHARSET=utf8mb3 COLLATE=...'} all read {@code utf8 ->
 * utf8mb3}, one cause that many query classes can share.
 *
 * @param old the word (or text) on OLD; null for SQL NULL
 * @param neu what stands in its place on NEW; null for SQL NULL
 */
record Substitution(String old, String neu) {

  /**
   * The two values less what they have in common before and after, widened to whole words (runs of
   * letters and digits); when that still holds more than one word and the first differing words are
   * both words, just those two.
   */
  static Substitution of(String old, String neu) {
    if (old == null || neu == null || Redaction.redacted(old) || Redaction.redacted(neu)) {
      return new Substitution(old, neu);
    }
    int start = 0;
    int shorter = Math.min(old.length(), neu.length());
    while (start < shorter && old.charAt(start) == neu.charAt(start)) {
      start++;
    }
    int tail = 0;
    while (tail < shorter - start
        && old.charAt(old.length() - 1 - tail) == neu.charAt(neu.length() - 1 - tail)) {
      tail++;
    }
    // Widen to whole words: "utf8" -> "utf8mb3" differ only in "mb3", but the word is the cause.
    while (start > 0 && word(old.charAt(start - 1))) {
      start--;
    }
    int endOld = old.length() - tail;
    int endNew = neu.length() - tail;
    while (endOld < old.length() && word(old.charAt(endOld))) {
      endOld++;
      endNew++;
    }
    return firstWords(old.substring(start, endOld), neu.substring(start, endNew));
  }

  /** Both differing parts' first differing words, when both are words; else the parts. */
  private static Substitution firstWords(String old, String neu) {
    int i = 0;
    while (true) {
      String a = token(old, i);
      String b = token(neu, i);
      if (a.isEmpty() || b.isEmpty() || !a.equals(b)) {
        boolean words = !a.isEmpty() && !b.isEmpty() && word(a.charAt(0)) && word(b.charAt(0));
        return words ? new Substitution(a, b) : new Substitution(old, neu);
      }
      i += a.length();
    }
  }

  /** The word, or the single other character, that starts at {@code at}; empty at the end. */
  private static String token(String s, int at) {
    if (at >= s.length() || !word(s.charAt(at))) {
      return s.substring(at, Math.min(at + 1, s.length()));
    }
    int end = at;
    while (end < s.length() && word(s.charAt(end))) {
      end++;
    }
    return s.substring(at, end);
  }

  private static boolean word(char c) {
    return Character.isLetterOrDigit(c);
  }
}
