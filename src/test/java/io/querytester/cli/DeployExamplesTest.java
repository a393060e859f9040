package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The Kubernetes manifests and the CI workflow parse, run exactly the querytester commands README's
 * "Scale out" shows, and those commands are valid for the tool (options that exist, shards merged).
 */
class DeployExamplesTest {
  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  static final Path K8S = Path.of("deploy", "kubernetes");

  @Test
  void kubernetesIndexedJobReplaysItsShardWithOldAndNewBesideIt() throws IOException {
    JsonNode job = YAML.readTree(K8S.resolve("replay-shards.yaml").toFile());
    assertThat(job.path("kind").asText()).isEqualTo("Job");
    JsonNode spec = job.path("spec");
    assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
    int n = spec.path("completions").asInt();
    JsonNode pod = spec.path("template").path("spec");
    List<String> sidecars = new ArrayList<>();
    for (JsonNode c : pod.path("initContainers")) {
      assertThat(c.path("restartPolicy").asText()).as("a native sidecar").isEqualTo("Always");
      sidecars.add(c.path("name").asText());
    }
    assertThat(sidecars).containsExactly("old", "new");
    JsonNode qt = pod.path("containers").get(0);
    assertThat(env(qt, "QUERYTESTER_SHARDS")).isEqualTo(Integer.toString(n));
    List<String> commands = commands(script(qt));
    assertThat(commands).hasSize(1);
    assertInReadme(commands.getFirst());
    ParseResult replay = parse(commands.getFirst());
    assertThat(replay.subcommand().matchedOptionValue("--shard", "")).isEqualTo("auto");

    JsonNode merge = YAML.readTree(K8S.resolve("merge-shards.yaml").toFile());
    List<String> merges =
        commands(
            script(merge.path("spec").path("template").path("spec").path("containers").get(0)));
    assertThat(merges).hasSize(1);
    assertInReadme(merges.getFirst());
    assertThat(parse(merges.getFirst()).subcommand().commandSpec().name()).isEqualTo("report");
    // The merge reads the folders the shards write.
    assertThat(merges.getFirst()).contains("/shared/runs/shard-*");
    assertThat(commands.getFirst()).contains("--out /shared/runs/shard-$JOB_COMPLETION_INDEX");
  }

  @Test
  void ciMatrixReplaysOneShardPerJobAndMergesInAnother() throws IOException {
    JsonNode wf = YAML.readTree(Path.of("deploy", "ci", "github-actions.yml").toFile());
    JsonNode replay = wf.path("jobs").path("replay");
    int n = replay.path("strategy").path("matrix").path("shard").size();
    assertThat(n).isEqualTo(4);
    assertThat(replay.path("env").path("QUERYTESTER_SHARDS").asInt()).isEqualTo(n);
    assertThat(replay.path("env").path("QUERYTESTER_SHARD").asText()).contains("matrix.shard");
    List<String> commands = new ArrayList<>();
    for (JsonNode job : wf.path("jobs")) {
      for (JsonNode step : job.path("steps")) {
        if (step.has("run")) {
          commands.addAll(commands(step.path("run").asText()));
        }
      }
    }
    assertThat(commands).hasSize(2);
    for (String c : commands) {
      assertInReadme(c);
      parse(c);
    }
    assertThat(wf.path("jobs").path("merge").path("needs").asText()).isEqualTo("replay");
  }

  /**
   * A stock runner has no querytester: each job that runs it first sets up JDK 21, builds the jar
   * from its checkout and puts the launcher (the repository's top folder) on PATH.
   */
  @Test
  void ciJobsBuildQuerytesterAndPutItOnPathBeforeRunningIt() throws IOException {
    JsonNode wf = YAML.readTree(Path.of("deploy", "ci", "github-actions.yml").toFile());
    assertThat(Files.isExecutable(Path.of("querytester"))).as("the launcher").isTrue();
    for (var job : wf.path("jobs").properties()) {
      boolean checkout = false;
      boolean java = false;
      boolean built = false;
      boolean onPath = false;
      for (JsonNode step : job.getValue().path("steps")) {
        String uses = step.path("uses").asText();
        String run = step.path("run").asText();
        checkout |= uses.startsWith("actions/checkout@");
        java |=
            uses.startsWith("actions/setup-java@")
                && step.path("with").path("java-version").asText().equals("21");
        built |= checkout && java && run.contains("./mvnw -B -q -DskipTests package");
        onPath |= built && run.contains("echo \"$GITHUB_WORKSPACE\" >> \"$GITHUB_PATH\"");
        if (!commands(run).isEmpty()) {
          assertThat(onPath)
              .as("job %s builds querytester and puts it on PATH before: %s", job.getKey(), run)
              .isTrue();
        }
        if (run.contains("test $? -le 1")) {
          // Actions' default bash -e would stop at exit 1 (regressions) before the test.
          assertThat(step.path("shell").asText()).isEqualTo("bash {0}");
        }
      }
    }
  }

  @Test
  void readmeShowsNoOtherCommandsInScaleOut() throws IOException {
    String section = scaleOut();
    List<String> inReadme = commands(section.replace("\\\n", " "));
    assertThat(inReadme).hasSize(4);
    inReadme.forEach(DeployExamplesTest::parse);
  }

  private static String env(JsonNode container, String name) {
    for (JsonNode e : container.path("env")) {
      if (e.path("name").asText().equals(name)) {
        return e.path("value").asText();
      }
    }
    return null;
  }

  private static String script(JsonNode container) {
    List<String> command = new ArrayList<>();
    container.path("command").forEach(c -> command.add(c.asText()));
    assertThat(command.subList(0, 2)).containsExactly("sh", "-c");
    return command.get(2);
  }

  /** The querytester commands of a shell script, whitespace collapsed. */
  static List<String> commands(String script) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("querytester [^;\\n]+").matcher(script.replaceAll("[ \\t]+", " "));
    while (m.find()) {
      out.add(m.group().strip());
    }
    return out;
  }

  private static String scaleOut() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("## Scale out");
    assertThat(start).as("README has a Scale out section").isNotNegative();
    int end = readme.indexOf("\n## ", start + 3);
    // Only its shell blocks: the prose names querytester too.
    StringBuilder blocks = new StringBuilder();
    Matcher m =
        Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL).matcher(readme.substring(start, end));
    while (m.find()) {
      blocks.append(m.group(1));
    }
    return blocks.toString();
  }

  private static void assertInReadme(String command) throws IOException {
    List<String> inReadme = commands(scaleOut().replace("\\\n", " "));
    assertThat(inReadme).contains(command);
  }

  /** Parses with the tool's own command line, shell variables and globs standing for values. */
  static ParseResult parse(String command) {
    String[] words = command.split(" ");
    List<String> args = new ArrayList<>(Arrays.asList(words).subList(1, words.length));
    args.replaceAll(a -> a.replace("$", "").replace("*", "1"));
    CommandLine cl = QueryTesterCommand.commandLine();
    return cl.parseArgs(args.toArray(String[]::new));
  }
}
