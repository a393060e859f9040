package io.querytester.advisor;

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
 * The JSON of the advisor's reports: snake_case names, absent values left out, lists always present
 * (the schemas in docs/ say so).
 */
final class AdvisorJson {
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private AdvisorJson() {}

  /** Written beside, then moved: a reader never sees half a file. */
  static Path write(Object value, Path file) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (java.io.OutputStream out = OwnerOnly.newOutputStream(tmp)) {
      MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, value);
    }
    return Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
  }
}
