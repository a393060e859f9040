package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.cli.QueryTesterCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The documentation of the report formats and of the configuration keeps up with the code. */
class ReportDocsTest {
  @Test
  void everyFieldOfTheSchemaIsDocumented() throws Exception {
    JsonNode schema = new ObjectMapper().readTree(Path.of("docs", "report.schema.json").toFile());
    Set<String> fields = new TreeSet<>();
    collect(schema, fields);
    String doc = Files.readString(Path.of("docs", "report-json.md"));
    assertThat(fields).hasSizeGreaterThan(60);
    for (String f : fields) {
      assertThat(doc).as("docs/report-json.md names `" + f + "`").contains("`" + f + "`");
    }
  }

  private static void collect(JsonNode n, Set<String> out) {
    if (n.has("properties")) {
      for (Iterator<String> it = n.get("properties").fieldNames(); it.hasNext(); ) {
        out.add(it.next());
      }
    }
    for (JsonNode child : n) {
      if (child.isContainerNode()) {
        collect(child, out);
      }
    }
  }

  @Test
  void everyReportOptionAndConfigurationKeyIsDocumented() throws Exception {
    String doc = Files.readString(Path.of("docs", "configuration.md"));
    CommandLine report = QueryTesterCommand.commandLine().getSubcommands().get("report");
    for (CommandLine.Model.OptionSpec o : report.getCommandSpec().options()) {
      String name = o.longestName();
      if (Set.of("--help", "--version", "--debug").contains(name)) {
        continue;
      }
      assertThat(doc).as("docs/configuration.md names " + name).contains("`" + name);
    }
    for (String key :
        Set.of(
            "fail_on",
            "max_error_rate",
            "ratio:",
            "min_delta:",
            "alpha:",
            "min_samples:",
            "max_examples",
            "max_classes",
            "max_detailed_classes",
            "max_sample_rows",
            "max_value_chars",
            "max_detail_chars",
            "console_classes",
            "redact:",
            "baseline:")) {
      assertThat(doc).contains(key);
    }
  }

  @Test
  void theDocumentedExampleConfigurationIsValid() throws Exception {
    String doc = Files.readString(Path.of("docs", "configuration.md"));
    int start = doc.indexOf("```yaml\ngate:");
    String yaml = doc.substring(start + "```yaml\n".length(), doc.indexOf("```", start + 7));
    Path file = Files.createTempFile("querytester", ".yaml");
    try {
      Files.writeString(file, yaml);
      ReportSettings s = ConfigFile.read(file);
      assertThat(s.gate().latency().ratio()).isEqualTo(1.3);
      assertThat(s.limits()).isEqualTo(ReportLimits.DEFAULT);
    } finally {
      Files.delete(file);
    }
  }
}
