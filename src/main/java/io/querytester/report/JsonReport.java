package io.querytester.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code report.json}: the {@link Report} with stable snake_case field names (docs/report-json.md,
 * docs/report.schema.json). Fields that have no value are left out; lists are always present.
 */
public final class JsonReport {
  public static final String FILE = "report.json";

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private JsonReport() {}

  public static Path write(Report report, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (java.io.OutputStream out = OwnerOnly.newOutputStream(tmp)) {
      MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, report);
    }
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }
}
