package io.querytester.compare;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.run.RunInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Save now, compare later, sharded: OLD's N shard folders and NEW's N are each merged, then joined
 * like two single-target runs. The merged halves are scratch, removed once joined.
 */
public final class ShardedCompare {
  private ShardedCompare() {}

  /** {@code runs}: OLD's shard folders, then as many of NEW's. */
  public static void join(List<Path> runs, Path out, Consumer<String> warnings) {
    if (runs.size() % 2 != 0) {
      throw new BadInputException(
          "compare got "
              + runs.size()
              + " run folders: give OLD's N shard folders, then NEW's N (an even number)");
    }
    List<Path> olds = ShardMerge.check(runs.subList(0, runs.size() / 2));
    List<Path> news = ShardMerge.check(runs.subList(runs.size() / 2, runs.size()));
    Path scratch = null;
    try {
      scratch = Files.createTempDirectory("querytester-shards");
      Path oldRun = scratch.resolve("old");
      Path newRun = scratch.resolve("new");
      ShardMerge.merge(olds, oldRun, warnings);
      ShardMerge.merge(news, newRun, warnings);
      RunJoiner.join(oldRun, newRun, out, warnings);
      RunInfo joined = RunInfo.read(out);
      joined.mergedFrom(ShardMerge.folders(olds)).write(out);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + out + ": " + e.getMessage(), e);
    } finally {
      delete(scratch);
    }
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // scratch in the temp folder: the system clears it
    }
  }
}
