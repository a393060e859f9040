package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.cli.QueryTesterCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** docs/advisor.md keeps up with the JSON schemas and the options of precheck and bisect. */
class AdvisorDocsTest {
  @ParameterizedTest
  @ValueSource(strings = {"precheck.schema.json", "bisect.schema.json"})
  void everyFieldOfTheSchemaIsDocumented(String schemaFile) throws Exception {
    JsonNode schema = new ObjectMapper().readTree(Path.of("docs", schemaFile).toFile());
    Set<String> fields = new TreeSet<>();
    collect(schema, fields);
    String doc = Files.readString(Path.of("docs", "advisor.md"));
    assertThat(fields).hasSizeGreaterThan(15);
    for (String f : fields) {
      assertThat(doc).as("docs/advisor.md names `" + f + "`").containsPattern("`" + f + "(`|\\[)");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"precheck", "bisect"})
  void everyOptionOfTheCommandIsDocumented(String command) throws Exception {
    String doc = Files.readString(Path.of("docs", "advisor.md"));
    CommandLine cl = QueryTesterCommand.commandLine().getSubcommands().get(command);
    Set<String> shared = Set.of("--help", "--version", "--debug");
    for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
      // The account options come from the shared mixin, documented in the README once.
      boolean mine =
          o.userObject() instanceof java.lang.reflect.Field f
              && f.getDeclaringClass().getSimpleName().equalsIgnoreCase(command + "Command");
      if (mine && !shared.contains(o.longestName())) {
        assertThat(doc).as("docs/advisor.md names " + o.longestName()).contains(o.longestName());
      }
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
}
