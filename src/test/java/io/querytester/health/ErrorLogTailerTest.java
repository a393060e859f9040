package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorLogTailerTest {
  @TempDir Path tmp;

  private void append(Path f, String text) throws Exception {
    Files.writeString(
        f, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void readsTheBacklogThenOnlyNewCompleteLines() throws Exception {
    Path f = tmp.resolve("error.log");
    append(f, "startup one\nstartup two\n");
    ErrorLogTailer t = ErrorLogTailer.withBacklog(f, 1 << 20);
    assertThat(t.readNew(null)).containsExactly("startup one", "startup two");
    assertThat(t.readNew(null)).isEmpty();
    append(f, "run one\nrun tw");
    assertThat(t.readNew(null)).containsExactly("run one");
    append(f, "o\r\n");
    assertThat(t.readNew(null)).containsExactly("run two");
  }

  @Test
  void aBacklogCutInTheMiddleOfALineDropsThatLine() throws Exception {
    Path f = tmp.resolve("error.log");
    append(f, "x".repeat(100) + "\nlast startup line\n");
    ErrorLogTailer t = ErrorLogTailer.withBacklog(f, 30);
    assertThat(t.readNew(null)).containsExactly("last startup line");
  }

  @Test
  void aTruncatedOrRotatedFileIsReadFromItsStart() throws Exception {
    Path f = tmp.resolve("error.log");
    append(f, "a long first line before the rotation\n");
    ErrorLogTailer t = ErrorLogTailer.withBacklog(f, 1 << 20);
    t.readNew(null);
    Files.writeString(f, "new\n", StandardCharsets.UTF_8);
    assertThat(t.readNew(null)).containsExactly("new");
  }

  @Test
  void aMissingFileGivesNothingAndLaterLinesArrive() throws Exception {
    Path f = tmp.resolve("not-yet.log");
    ErrorLogTailer t = ErrorLogTailer.withBacklog(f, 1 << 20);
    assertThat(t.readNew(null)).isEmpty();
    append(f, "now\n");
    assertThat(t.readNew(null)).containsExactly("now");
  }

  @Test
  void bytesThatAreNotUtf8AreReadAsLatin1AndHugeLinesAreCut() throws Exception {
    Path f = tmp.resolve("error.log");
    Files.write(f, new byte[] {'a', (byte) 0xE9, (byte) 0xFF, 0, 'b', '\n'});
    ErrorLogTailer t = ErrorLogTailer.withBacklog(f, 1 << 20);
    assertThat(t.readNew(null)).containsExactly("a\u00e9\u00ff\u0000b");
    append(f, "y".repeat(ErrorLogTailer.MAX_LINE + 10));
    assertThat(t.readNew(null)).singleElement().asString().hasSize(ErrorLogTailer.MAX_LINE);
    append(f, "\nafter\n");
    assertThat(t.readNew(null)).containsExactly("yyyyyyyyyy", "after");
  }
}
