package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.testing.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real replay's folder (the demo: MariaDB 10.2.11 vs 11.4.5), copied elsewhere with new file
 * times and reported again by the packaged tool with no option: the same report.json but for when
 * and where it was written, and the replay's own duration.
 */
class ReReportIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  @Test
  void aCopiedRunFolderIsReportedAsTheRunWas() throws Exception {
    Path run = Tool.demo(tmp, "--max-examples", "2", "--max-sample-rows", "3");
    JsonNode before = JSON.readTree(run.resolve("report.json").toFile());
    double replaySeconds =
        JSON.readTree(run.resolve("run.json").toFile()).get("replay_seconds").asDouble();

    Path copy = Files.createDirectories(tmp.resolve("elsewhere/copy"));
    try (Stream<Path> files = Files.list(run)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = Files.copy(f, copy.resolve(f.getFileName()));
        Files.setLastModifiedTime(to, FileTime.from(Instant.now().plusSeconds(600)));
      }
    }
    Tool.Result again = Tool.run(tmp.resolve("again.log"), List.of(), "report", copy.toString());
    assertThat(again.code()).as(again.err()).isEqualTo(1);
    JsonNode after = JSON.readTree(copy.resolve("report.json").toFile());

    assertThat(after.at("/run/duration_seconds").asDouble())
        .isCloseTo(replaySeconds, org.assertj.core.data.Offset.offset(0.001))
        .isLessThan(600);
    assertThat(ReReportTest.withoutPlace(after)).isEqualTo(ReReportTest.withoutPlace(before));
  }
}
