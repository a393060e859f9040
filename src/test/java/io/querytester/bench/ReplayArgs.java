package io.querytester.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * The replay command line the benchmarks run: jdbc: targets, root passwords from an option file.
 */
final class ReplayArgs {
  private ReplayArgs() {}

  /** {@code replay ...} with the option file of {@code TestServers.rootCnf}. */
  static List<String> of(Path workload, Path run, Path rootCnf, String oldUrl, String newUrl) {
    return List.of(
        "replay",
        "--workload",
        workload.toString(),
        "--out",
        run.toString(),
        "--old",
        oldUrl,
        "--new",
        newUrl,
        "--defaults-file",
        rootCnf.toString(),
        "--old-defaults-group-suffix",
        "_old",
        "--new-defaults-group-suffix",
        "_new",
        "--no-color");
  }
}
