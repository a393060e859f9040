package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.testing.Cli;
import io.querytester.testing.ReportSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bisect on the demo run (samples on 10.2.11 and 11.4.5) over the embedded versions 10.2.11,
 * 10.11.5 and 11.4.5: each regression class is placed, as samples/README.md explains them.
 */
class BisectIT {
  @TempDir Path dir;

  @Test
  void theDemosRegressionsArePlacedBetweenTheEmbeddedVersions() throws Exception {
    Path runDir = dir.resolve("demo");
    Cli.Run demo = Cli.run("demo", "--out", runDir.toString(), "--repeat", "0");
    assertThat(demo.code()).as(demo.err()).isEqualTo(1);
    Cli.Run r =
        Cli.run(
            "bisect",
            runDir.toString(),
            "--load",
            "samples/schema.sql",
            "--load",
            "samples/data.sql");
    assertThat(r.code()).as(r.err()).isEqualTo(0);
    Path out = runDir.resolve("bisect");
    JsonNode json = ReportSchemas.validJson(out.resolve("bisect.json"), "bisect.schema.json");
    ReportSchemas.validJunit(out.resolve("bisect-junit.xml"));
    assertThat(Files.readString(out.resolve("bisect.html"))).contains("EC1FC47B5BBDC293");
    assertThat(json.get("versions")).hasSize(3);
    Map<String, JsonNode> byClass = new HashMap<>();
    json.get("classes").forEach(c -> byClass.put(c.get("class_id").asText(), c));
    // OFFSET became reserved in 10.6: 10.11.5 already fails like NEW.
    assertLocated(byClass.get("EC1FC47B5BBDC293"), "10.2.11", "10.11.5");
    // DATE_FORMAT %z came with 11.3: 10.11.5 still prints the letter.
    assertLocated(byClass.get("4E875116AE009254"), "10.11.5", "11.4.5");
    // PCRE2 came with 10.5: [[:upper:]] matches by case on 10.11.5.
    assertLocated(byClass.get("EA05D95384036910"), "10.2.11", "10.11.5");
    // Every regression with a difference of its own (not latency alone) is placed.
    for (JsonNode c : json.get("classes")) {
      if (c.get("verdict").asText().equals("regression")) {
        assertThat(c.has("first_new")).as(c.toString()).isTrue();
      }
    }
    assertThat(r.out()).contains("BISECT:").contains("EC1FC47B5BBDC293");
  }

  private static void assertLocated(JsonNode c, String lastOld, String firstNew) {
    assertThat(c).as("class bisected").isNotNull();
    assertThat(c.get("last_old").asText()).as(c.toString()).startsWith(lastOld);
    assertThat(c.get("first_new").asText()).as(c.toString()).startsWith(firstNew);
    assertThat(c.get("monotonic").asBoolean()).isTrue();
  }
}
