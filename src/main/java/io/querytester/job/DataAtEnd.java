package io.querytester.job;

import io.querytester.CannotRunException;
import io.querytester.drift.QuietCompare;
import io.querytester.replay.ShardFilter;
import io.querytester.run.DataCheck;
import io.querytester.server.Target;
import io.querytester.workload.WrittenTables;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The data step of a write replay: with OLD and NEW still running, compares the final contents of
 * every table the workload (of this shard) wrote, OLD as the reference ({@link QuietCompare}), and
 * writes {@code data.json}, which every report of the run shows. Read-only on both servers.
 *
 * @param workload the workload replayed
 * @param shard the sessions this run replayed
 * @param settings how tables are compared
 */
public record DataAtEnd(Path workload, ShardFilter shard, QuietCompare.Settings settings) {

  /** Compares the two targets, OLD first, and writes {@code data.json} into {@code runDir}. */
  void compare(List<Target> targets, Path runDir, Consumer<String> progress) {
    Instant started = Instant.now();
    // the replay has just read the workload and warned about what it could not read
    WrittenTables written = WrittenTables.of(workload, e -> shard.accepts(e.session()), w -> {});
    List<String> notes = notes(written.unknown());
    DataCheck check;
    if (written.tables().isEmpty()) {
      progress.accept("data: the workload wrote no table");
      check = DataCheck.of(started, 0, List.of(), notes);
    } else {
      progress.accept(
          "data: comparing the "
              + written.tables().size()
              + " tables the workload wrote, on OLD and NEW");
      try {
        List<DataCheck.Table> tables =
            new QuietCompare(settings, progress)
                .compare(targets.get(0), targets.get(1), written.tables());
        check = DataCheck.of(started, seconds(started), tables, notes);
      } catch (CannotRunException e) {
        // A side that crashed or went away: the run is reported all the same, and says why.
        progress.accept("data: not compared: " + e.getMessage());
        check = DataCheck.failed(started, e.getMessage(), notes);
      }
    }
    check.write(runDir);
  }

  /** "3 writes whose tables their text does not tell (CALL of a stored procedure): ...". */
  static List<String> notes(Map<String, Long> unknown) {
    List<String> notes = new ArrayList<>();
    unknown.forEach(
        (why, n) ->
            notes.add(
                String.format(
                    Locale.ROOT,
                    "%,d %s whose tables their text does not tell (%s): those tables are compared"
                        + " only where another statement names them",
                    n,
                    n == 1 ? "write" : "writes",
                    why)));
    return notes;
  }

  private static double seconds(Instant started) {
    return Duration.between(started, Instant.now()).toMillis() / 1000.0;
  }
}
