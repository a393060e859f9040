package io.querytester.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Texts made of pieces chosen around a check's edge cases, for comparing a rewritten check with its
 * old definition on many inputs (same seed, same texts).
 */
final class PieceTexts {
  private PieceTexts() {}

  /** {@code count} texts of up to {@code maxPieces - 1} pieces each, some empty. */
  static List<String> of(String[] pieces, long seed, int count, int maxPieces) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> texts = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = random.nextInt(maxPieces); n > 0; n--) {
        b.append(pieces[random.nextInt(pieces.length)]);
      }
      texts.add(b.toString());
    }
    return texts;
  }
}
