package io.querytester.workload;

/**
 * Case-insensitive searches of ASCII words in statement texts without copying them: run for every
 * replayed statement, where upper-casing a copy of each was most of a check's time.
 */
final class AsciiText {
  private AsciiText() {}

  /**
   * Whether {@code text} contains {@code upperWord} (upper-case ASCII letters, digits, _) in any
   * case. A text with other characters is searched upper-cased, as the scanner's keyword test does
   * (U+017F turns into S).
   */
  static boolean contains(String text, String upperWord) {
    char first = upperWord.charAt(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return text.toUpperCase(java.util.Locale.ROOT).contains(upperWord);
      }
    }
    for (int i = 0, last = text.length() - upperWord.length(); i <= last; i++) {
      if ((text.charAt(i) & ~0x20) == first
          && text.regionMatches(true, i, upperWord, 0, upperWord.length())) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text} contains any of the words, in one pass over an ASCII text. */
  static boolean containsAny(String text, java.util.List<String> upperWords) {
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        String upper = text.toUpperCase(java.util.Locale.ROOT);
        return upperWords.stream().anyMatch(upper::contains);
      }
      char u = (char) (c & ~0x20);
      for (int k = 0; k < upperWords.size(); k++) {
        String w = upperWords.get(k);
        if (w.charAt(0) == u && text.regionMatches(true, i, w, 0, w.length())) {
          return true;
        }
      }
    }
    return false;
  }
}
