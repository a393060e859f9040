package io.querytester.compare;

import io.querytester.run.DiffKind;

/**
 * Which differences a reviewed baseline accepts. The analyser asks once per class and difference
 * kind; an accepted kind no longer fails the gate and its class shows as {@link
 * ClassVerdict#ACCEPTED}. The report stage implements this from the baseline file.
 */
@FunctionalInterface
public interface Acceptance {
  /** Accepts nothing. */
  Acceptance NONE = (classId, kind) -> null;

  /**
   * @return why this kind of difference is accepted for this class, or null when it is not
   */
  String reason(String classId, DiffKind kind);
}
