package io.querytester.server;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A tiny shell loop that outlives a JVM killed with {@code kill -9}: when the JVM is gone it kills
 * the server and removes its work dir, so no orphan server is ever left behind.
 */
final class Watchdog {
  private static final String SCRIPT =
      "while kill -0 \"$1\" 2>/dev/null; do"
          + " kill -0 \"$2\" 2>/dev/null || exit 0; sleep 1; done;"
          + " kill -9 \"$2\" 2>/dev/null; sleep 1; rm -rf \"$3\"";

  private Watchdog() {}

  static Process guard(long serverPid, Path workDir) {
    ProcessBuilder pb =
        new ProcessBuilder(
            "sh",
            "-c",
            SCRIPT,
            "querytester-watchdog",
            Long.toString(ProcessHandle.current().pid()),
            Long.toString(serverPid),
            workDir.toString());
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    try {
      return pb.start();
    } catch (IOException e) {
      // The shutdown hook still covers every normal exit.
      return null;
    }
  }
}
