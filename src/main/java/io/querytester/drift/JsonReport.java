package io.querytester.drift;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** drift.json: the whole report for machines, with a format name and version. */
final class JsonReport {
  static final String FORMAT = "querytester-drift-report";
  static final int VERSION = 1;

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  static void write(DriftReport report, Path file) throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("format", FORMAT);
    doc.put("version", VERSION);
    doc.put("verdict", report.verdict());
    doc.put("exitCode", report.exitCode());
    doc.put("rowsPerSecond", Math.round(report.rowsPerSecond()));
    doc.put("report", report);
    try (java.io.OutputStream out = OwnerOnly.newOutputStream(file)) {
      JSON.writeValue(out, doc);
    }
  }
}
