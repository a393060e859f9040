package io.querytester.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/**
 * The small run-folder logs written a line at a time ({@code dropped.jsonl}, {@code order.jsonl}):
 * each line flushed as it is written, so a killed run keeps what it said, and read back forgiving a
 * torn last line.
 */
final class JsonLines {
  private final Writer out;
  private boolean failed;

  JsonLines(Writer out) {
    this.out = out;
  }

  /**
   * Writes one line; after a failure (a full disk) nothing more: the execution log stops the replay
   * with a clearer message.
   */
  void add(Map<String, Object> value) {
    if (failed) {
      return;
    }
    try {
      line(value);
    } catch (IOException e) {
      failed = true;
    }
  }

  /** Writes one line, or throws (a header, which the caller must know was written). */
  void line(Map<String, Object> value) throws IOException {
    out.write(RunJson.MAPPER.writeValueAsString(value));
    out.write('\n');
    out.flush();
  }

  void close() throws IOException {
    out.close();
  }

  /** A line read back, or null for a blank or torn one (the last line of a killed run). */
  static JsonNode parse(String line) {
    try {
      return line.isBlank() ? null : RunJson.MAPPER.readTree(line);
    } catch (IOException e) {
      return null;
    }
  }
}
