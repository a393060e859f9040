package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.run.RunJson;
import io.querytester.testing.Tool;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real replay (the demo: MariaDB 10.2.11 vs 11.4.5) writes executions.jsonl version 2; the same
 * executions written in full, as version 1 wrote every line, give the same report.json. So the
 * short lines and the definitions lose nothing that a report shows.
 */
class ExecutionLogFormatIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;

  @Test
  void theShortLogReportsLikeTheFullOne() throws Exception {
    Path run = Tool.demo(tmp);

    Path full = Files.createDirectories(tmp.resolve("full"));
    try (Stream<Path> files = Files.list(run)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, full.resolve(f.getFileName()));
      }
    }
    long executions = 0;
    try (BufferedWriter w =
        Files.newBufferedWriter(full.resolve(ExecutionLog.FILE), StandardCharsets.UTF_8)) {
      for (Execution e : ExecutionLog.read(run, w2 -> {})) {
        w.write(RunJson.MAPPER.writeValueAsString(e));
        w.write('\n');
        executions++;
      }
    }
    long shortBytes = Files.size(run.resolve(ExecutionLog.FILE));
    long fullBytes = Files.size(full.resolve(ExecutionLog.FILE));
    System.out.printf(
        "demo: %,d executions, executions.jsonl %,d bytes (%,.0f per execution), in full %,d%n",
        executions, shortBytes, (double) shortBytes / executions, fullBytes);
    assertThat(executions).isGreaterThan(300);
    assertThat(shortBytes * 3).isLessThan(fullBytes);

    Tool.Result a = Tool.run(tmp.resolve("a.log"), List.of(), "report", run.toString());
    Tool.Result b = Tool.run(tmp.resolve("b.log"), List.of(), "report", full.toString());
    assertThat(a.code()).as(a.err()).isEqualTo(1);
    assertThat(b.code()).as(b.err()).isEqualTo(1);
    JsonNode fromShort = JSON.readTree(run.resolve("report.json").toFile());
    JsonNode fromFull = JSON.readTree(full.resolve("report.json").toFile());
    assertThat(fromShort.path("classes").size()).isGreaterThan(10);
    assertThat(ReReportTest.withoutPlace(fromShort)).isEqualTo(ReReportTest.withoutPlace(fromFull));
    assertThat(a.out()).isEqualTo(b.out().replace(full.toString(), run.toString()));
  }
}
