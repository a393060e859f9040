package io.querytester.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Default run folder names: querytester-runs/<kind>-<local time>. */
final class RunDirs {
  private RunDirs() {}

  static Path fresh(String kind) {
    return Path.of(
        "querytester-runs",
        kind + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
  }
}
