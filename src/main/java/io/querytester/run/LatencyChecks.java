package io.querytester.run;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code latency-checks.json}: the classes whose latency was measured again after the replay
 * ({@link LatencyCheck}), read by every report of the run so that {@code report RUN_DIR} judges
 * them as the replay's report did.
 */
public final class LatencyChecks {
  public static final String FILE = "latency-checks.json";
  static final String FORMAT = "querytester-latency-checks";
  static final int VERSION = 1;

  /** The file: a version header and the checks. */
  record File(String format, int version, List<LatencyCheck> checks) {}

  private LatencyChecks() {}

  public static void write(Path runDir, List<LatencyCheck> checks) {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try {
      // owner-only, as every file of a run folder
      try (OutputStream out = OwnerOnly.newOutputStream(tmp)) {
        RunJson.MAPPER
            .writerWithDefaultPrettyPrinter()
            .writeValue(out, new File(FORMAT, VERSION, checks));
      }
      Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + runDir.resolve(FILE) + ": " + e, e);
    }
  }

  /** The checks of a run by class id; empty when none were made. */
  public static Map<String, LatencyCheck> read(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      File f = RunJson.MAPPER.readValue(file.toFile(), File.class);
      if (!FORMAT.equals(f.format()) || f.version() > VERSION) {
        throw new BadInputException(
            file
                + " is not a latency checks file this querytester reads (version 1 of "
                + FORMAT
                + ")");
      }
      Map<String, LatencyCheck> out = new LinkedHashMap<>();
      if (f.checks() != null) {
        f.checks().forEach(c -> out.put(c.classId(), c));
      }
      return out;
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      return Map.of();
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The checks of a sharded replay: each shard checked its own classes. A class that several shards
   * checked keeps the lowest shard's check, so that merging again gives the same file. Writes
   * nothing when no shard checked any.
   *
   * @param shards the shard folders in shard order
   */
  public static void merge(List<Path> shards, Path out) {
    Map<String, LatencyCheck> union = new LinkedHashMap<>();
    boolean any = false;
    for (Path shard : shards) {
      any |= Files.exists(shard.resolve(FILE));
      read(shard).forEach(union::putIfAbsent);
    }
    if (any) {
      write(out, List.copyOf(union.values()));
    }
  }
}
