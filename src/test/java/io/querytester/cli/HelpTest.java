package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every command's {@code --help}, run as a user runs it (its own JVM, so that picocli's warnings,
 * which go to the process's standard error, are seen): no warning, every option and parameter
 * described, labels in capitals rather than field names, defaults written one way, no path broken
 * across lines, and the exit codes listed.
 */
class HelpTest {

  /** Every command and subcommand, by the words that call it ("" for the top). */
  static Stream<String> commands() {
    Map<String, CommandLine> all = new LinkedHashMap<>();
    collect(QueryTesterCommand.commandLine(), all);
    return all.keySet().stream();
  }

  private static void collect(CommandLine cl, Map<String, CommandLine> into) {
    String words = cl.getCommandSpec().qualifiedName().replaceFirst("^querytester ?", "");
    if (!words.equals("help")) {
      into.put(words, cl);
    }
    cl.getSubcommands().values().forEach(sub -> collect(sub, into));
  }

  private static CommandSpec spec(String words) {
    CommandLine cl = QueryTesterCommand.commandLine();
    for (String w : words.isEmpty() ? new String[0] : words.split(" ")) {
      cl = cl.getSubcommands().get(w);
    }
    return cl.getCommandSpec();
  }

  @ParameterizedTest(name = "querytester {0} --help")
  @MethodSource("commands")
  void helpPrintsCleanly(String words) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    if (!words.isEmpty()) {
      cmd.addAll(Arrays.asList(words.split(" ")));
    }
    cmd.add("--help");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String help = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(help).isZero();
    // Picocli's warnings, and the JVM's (sun.misc.Unsafe and the like).
    assertThat(help).doesNotContain("[picocli WARN]").doesNotContainPattern("(?m)^WARNING: ");
    // A default is "(default: X)", not "(default X)" nor "X (default)".
    assertThat(help).doesNotContainPattern("\\(default[^:]").doesNotContain("(default)");
    // "./file", "file.yaml" or "e.g." split after the dot.
    assertThat(help)
        .doesNotContainPattern("\\.\\s*\\R\\s+/")
        .doesNotContainPattern("\\w\\.\\R {4,}[a-z]");
    assertThat(help).contains("Exit codes:");
  }

  @ParameterizedTest(name = "querytester {0}: every option described")
  @MethodSource("commands")
  void everyOptionIsDescribedWithACapitalLabel(String words) {
    CommandSpec spec = spec(words);
    List<ArgSpec> args = new ArrayList<>(spec.options());
    args.addAll(spec.positionalParameters());
    for (ArgSpec a : args) {
      String name =
          a.isOption() ? ((CommandLine.Model.OptionSpec) a).longestName() : a.paramLabel();
      assertThat(String.join(" ", a.description()))
          .as("%s %s: description", words, name)
          .isNotBlank();
      if (a.arity().max() > 0) {
        assertThat(a.paramLabel())
            .as("%s %s: label", words, name)
            .doesNotStartWith("<")
            .isEqualTo(a.paramLabel().toUpperCase(java.util.Locale.ROOT));
      }
    }
  }
}
