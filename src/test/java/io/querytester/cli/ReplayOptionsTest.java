package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.replay.ReplaySettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReplayOptionsTest {
  private static ReplaySettings settings(String... options) {
    String[] args = new String[options.length + 3];
    args[0] = "replay";
    args[1] = "--workload";
    args[2] = "w.jsonl";
    System.arraycopy(options, 0, args, 3, options.length);
    ReplayCommand c = (ReplayCommand) OldOptionNamesTest.parse(args);
    return c.replay.settings(Path.of("w.jsonl"), Path.of("run"));
  }

  @Test
  void aReplayWithNoOptionsTakesTheSettingsDefaults() {
    assertThat(settings()).isEqualTo(ReplaySettings.defaults(Path.of("w.jsonl"), Path.of("run")));
  }

  @Test
  void allowWritesTurnsSpreadingOffAsTheSettingsDo() {
    assertThat(settings("--allow-writes"))
        .isEqualTo(ReplaySettings.defaults(Path.of("w.jsonl"), Path.of("run")).withWrites(true));
  }
}
