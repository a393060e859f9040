package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DropListTest {
  @TempDir Path run;

  @Test
  void whatWasDroppedIsReadBackInOrderAndAResumedReplayWritesItAnew() throws Exception {
    try (DropList d = DropList.create(run)) {
      d.add("w.jsonl:3: skipped a line that is not an event");
      d.add("w.jsonl:9: skipped a line that is not an event");
    }
    assertThat(DropList.read(run))
        .containsExactly(
            "w.jsonl:3: skipped a line that is not an event",
            "w.jsonl:9: skipped a line that is not an event");
    assertThat(Files.readAllLines(run.resolve(DropList.FILE)).getFirst())
        .contains("\"format\":\"querytester-dropped\"");

    try (DropList d = DropList.create(run)) {
      d.add("w.jsonl: file ends abruptly after line 12");
    }
    assertThat(DropList.read(run)).containsExactly("w.jsonl: file ends abruptly after line 12");
  }

  @Test
  void joiningTwoRunsListsWhatEitherDroppedOnce() throws Exception {
    Path a = java.nio.file.Files.createDirectory(run.resolve("a"));
    Path b = java.nio.file.Files.createDirectory(run.resolve("b"));
    Path out = java.nio.file.Files.createDirectory(run.resolve("out"));
    try (DropList d = DropList.create(a)) {
      d.add("w.jsonl:3: bad");
    }
    try (DropList d = DropList.create(b)) {
      d.add("w.jsonl:3: bad");
      d.add("w.jsonl: file ends abruptly after line 9");
    }
    DropList.join(a, b, out);
    assertThat(DropList.read(out))
        .containsExactly("w.jsonl:3: bad", "w.jsonl: file ends abruptly after line 9");
  }

  @Test
  void aRunWithoutTheFileDroppedNothing() {
    assertThat(DropList.read(run)).isEmpty();
    assertThat(DropList.notes(List.of())).isEmpty();
  }

  @Test
  void notesListTheFirstOnesAndCountTheRest() {
    List<String> dropped = new ArrayList<>();
    for (int i = 1; i <= DropList.LISTED + 5; i++) {
      dropped.add("w.jsonl:" + i + ": bad");
    }
    List<String> notes = DropList.notes(dropped);
    assertThat(notes.getFirst()).startsWith("25 workload item(s) dropped or skipped");
    assertThat(notes).contains("dropped: w.jsonl:1: bad", "dropped: w.jsonl:20: bad");
    assertThat(notes).doesNotContain("dropped: w.jsonl:21: bad");
    assertThat(notes.getLast()).isEqualTo("dropped: 5 more, listed in dropped.jsonl");
  }
}
