package io.querytester.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** The folders a command works with: the current one, and new run folders' default names. */
final class RunDirs {
  private RunDirs() {}

  /** The current folder, where querytester.yaml and the baseline are looked for. */
  static Path workingDir() {
    return Path.of("").toAbsolutePath();
  }

  /** A new run folder's default name: querytester-runs/<kind>-<local time>. */
  static Path fresh(String kind) {
    return Path.of(
        "querytester-runs",
        kind + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
  }
}
