package io.querytester.report;

import io.querytester.compare.RunSummary;
import io.querytester.replay.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code report.json}: the run summary with stable snake_case field names (docs/report-json.md).
 */
public final class JsonReport {
  public static final String FILE = "report.json";

  private JsonReport() {}

  public static Path write(RunSummary summary, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    RunJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), summary);
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }
}
