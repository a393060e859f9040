package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.compare.LatencyStats;
import io.querytester.compare.RunAnalyzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramsTest {
  private static String line(String classId, String side, long... micros) {
    LatencyStats s = new LatencyStats(1);
    for (long us : micros) {
      s.record(us);
    }
    return "{\"class_id\":\""
        + classId
        + "\",\"side\":\""
        + side
        + "\",\"unit\":\"microseconds\",\"histogram\":\""
        + s.encoded()
        + "\"}\n";
  }

  @Test
  void classesOfDifferentRangesMergeIntoTheRunsCurve(@TempDir Path run) throws IOException {
    // The first class's latencies stay under a millisecond, the second reaches seconds: each
    // histogram covers only its own range, and the run's curve must still hold both.
    Files.writeString(
        run.resolve(RunAnalyzer.HISTOGRAMS),
        line("A", "OLD", 100, 200, 300)
            + line("A", "NEW", 110, 210)
            + line("B", "OLD", 5_000_000, 9_000_000)
            + line("B", "NEW", 7_000_000));
    List<String> warnings = new ArrayList<>();
    Histograms h = Histograms.read(run, Set.of("B"), warnings::add);
    assertThat(warnings).isEmpty();
    Report.Curve overall = h.overall();
    assertThat(overall).isNotNull();
    assertThat(overall.old().getLast().micros()).isGreaterThanOrEqualTo(9_000_000);
    assertThat(overall.old().getFirst().micros()).isLessThan(1_000);
    assertThat(h.curve("B").neu()).isNotEmpty();
  }
}
