package io.querytester.job;

import io.querytester.replay.LaneNote;
import java.util.function.Consumer;

/**
 * Where a job's progress goes: lines for the user, and the replay's typed notes, which a caller
 * drops by their type rather than by their text. A note is said as a line unless a caller drops it.
 */
@FunctionalInterface
public interface Progress extends Consumer<String> {
  /** The replay's note on how many lanes it ran. */
  default void lanes(LaneNote note) {
    accept(note.message());
  }

  /**
   * Lines to {@code lines}, without the notes on lanes: for a caller that picks the lanes itself,
   * whose user has no --concurrency to act on.
   */
  static Progress withoutLaneNotes(Consumer<String> lines) {
    return new Progress() {
      @Override
      public void accept(String line) {
        lines.accept(line);
      }

      @Override
      public void lanes(LaneNote note) {}
    };
  }
}
