package io.querytester.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.replay.LaneNote;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void aNoteOnLanesIsSaidAsALineByDefault() {
    List<String> lines = new ArrayList<>();
    Progress progress = lines::add;
    progress.accept("OLD: embedded MariaDB 10.2.11");
    progress.lanes(new LaneNote("--concurrency 8: statements reached 2 of the lanes (...)"));
    assertThat(lines)
        .containsExactly(
            "OLD: embedded MariaDB 10.2.11",
            "--concurrency 8: statements reached 2 of the lanes (...)");
  }

  @Test
  void withoutLaneNotesDropsTheNotesByTheirTypeAndKeepsEveryLine() {
    List<String> lines = new ArrayList<>();
    Progress progress = Progress.withoutLaneNotes(lines::add);
    progress.accept("--concurrency is named in this line, which is no note");
    progress.lanes(new LaneNote("--concurrency 8 lowered to 4: ..."));
    assertThat(lines).containsExactly("--concurrency is named in this line, which is no note");
  }
}
