package io.querytester.cli;

import io.querytester.drift.QuietCompare;
import io.querytester.job.DataAtEnd;
import io.querytester.replay.ShardFilter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Whether a write replay compares OLD's and NEW's tables at its end. */
final class DataOptions {
  @Option(
      names = "--compare-data",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "After a replay with --allow-writes, compare OLD's and NEW's final contents of every"
              + " table the workload wrote, chunk by chunk (the drift checksums), read-only; a"
              + " difference fails the run (kind DATA). On by default; --no-compare-data skips it.")
  boolean compare;

  /** The data step of a replay of OLD and NEW, or null when it does not run. */
  DataAtEnd step(boolean allowWrites, boolean pair, Path workload, ShardFilter shard) {
    return compare && allowWrites && pair
        ? new DataAtEnd(workload, shard, QuietCompare.Settings.DEFAULTS)
        : null;
  }
}
