package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.testing.Tool;
import io.querytester.testing.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run folder on a small file system (a 256 KB tmpfs, mounted here as root; skipped where it
 * cannot be mounted): the packaged tool stops at once with exit 3 and one line naming the folder,
 * keeps what it wrote, and {@code --resume} goes on once the file system has space.
 */
class FullDiskIT {
  static final int EVENTS = 3000;

  /** About 2 MB of executions: 3,000 point selects over 8 sessions. */
  private static Path workload(Path dir) throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < EVENTS; i++) {
      statements.add("SELECT id, name FROM items WHERE id = " + (i % 3 + 1));
    }
    return Workloads.write(dir.resolve("w.jsonl"), "app", 8, statements);
  }

  @Test
  void aFullDiskStopsTheReplayWithOneLineAndResumeGoesOnOnceThereIsSpace(@TempDir Path tmp)
      throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("disk"));
    assumeTrue(mount(disk, "size=128k"), "mounting a tmpfs needs root");
    try {
      Path run = disk.resolve("run");
      Path workload = workload(tmp);
      Path schema =
          Files.writeString(
              tmp.resolve("schema.sql"),
              """
              CREATE DATABASE app;
              CREATE TABLE app.items (id INT PRIMARY KEY, name VARCHAR(20));
              INSERT INTO app.items VALUES (1, 'a'), (2, 'b'), (3, 'c');
              """);

      long t0 = System.nanoTime();
      Tool.Result full =
          Tool.run(
              tmp.resolve("full"),
              List.of(),
              replay(schema, "--workload", workload.toString(), "--out", run.toString()));
      double seconds = (System.nanoTime() - t0) / 1e9;

      assertThat(full.code()).as(full.err()).isEqualTo(ExitCode.CANNOT_RUN.code());
      List<String> errors = full.err().lines().filter(l -> l.startsWith("querytester:")).toList();
      assertThat(errors).as(full.err()).hasSize(1);
      assertThat(errors.getFirst())
          .contains(run.resolve(ExecutionLog.FILE).toString())
          .contains("No space left on device")
          .contains("--resume " + run);
      assertThat(full.err()).doesNotContain("\tat ");
      assertThat(seconds).as("it stops, it does not hang").isLessThan(120);
      Set<Long> before = events(run);
      assertThat(before).as("what was written stays").isNotEmpty();

      assertThat(mount(disk, "remount,size=64m")).isTrue();
      Tool.Result resumed =
          Tool.run(tmp.resolve("resumed"), List.of(), replay(schema, "--resume", run.toString()));
      assertThat(resumed.code()).as(resumed.err()).isZero();
      Set<Long> after = events(run);
      assertThat(after).hasSize(EVENTS).containsAll(before);
    } finally {
      new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor();
    }
  }

  /** A replay on two embedded servers with the schema loaded, after the given options. */
  private static String[] replay(Path schema, String... first) {
    List<String> args = new ArrayList<>(List.of("replay"));
    args.addAll(List.of(first));
    args.addAll(
        List.of(
            "--load",
            schema.toString(),
            "--old",
            "embedded:mariadb-11.4.5",
            "--new",
            "embedded:mariadb-11.4.5",
            "--concurrency",
            "4",
            "--no-color"));
    return args.toArray(String[]::new);
  }

  private static boolean mount(Path dir, String options) throws Exception {
    Process p =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString())
            .redirectErrorStream(true)
            .start();
    return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  /** Event ids in the log, each once. */
  private static Set<Long> events(Path run) {
    Set<Long> ids = new HashSet<>();
    for (Execution e : ExecutionLog.read(run, w -> {})) {
      assertThat(ids.add(e.event())).as("event %d once", e.event()).isTrue();
    }
    return ids;
  }
}
