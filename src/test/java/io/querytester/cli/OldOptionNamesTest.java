package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The option names replaced by one naming scheme (issue 13) still work, although the help shows
 * only the current ones; an old name given sets what the new one sets.
 */
class OldOptionNamesTest {

  static Object parse(String... args) {
    return QueryTesterCommand.commandLine().parseArgs(args).subcommand().commandSpec().userObject();
  }

  @Test
  void captureTakesLimitRunTimeAndSourceUrl() {
    CaptureCommand c =
        (CaptureCommand)
            parse(
                "capture",
                "--type",
                "processlist",
                "--source-url",
                "jdbc:mysql://h/",
                "--out",
                "w.jsonl",
                "--limit",
                "5",
                "--run-time",
                "10s");
    assertThat(c.maxEvents).isEqualTo(5);
    assertThat(c.duration).isEqualTo(Duration.ofSeconds(10));
    assertThat(c.sourceOptions.url).isEqualTo("jdbc:mysql://h/");
  }

  @Test
  void captureWithoutTheOldNamesKeepsItsDefaults() {
    CaptureCommand c = (CaptureCommand) parse("capture", "--type", "slowlog", "--out", "w.jsonl");
    assertThat(c.maxEvents).isZero();
    assertThat(c.duration).isNull();
  }

  @Test
  void replayTakesLimitRunTimeAndFloatPrecision() {
    ReplayCommand r =
        (ReplayCommand)
            parse(
                "replay",
                "--workload",
                "w.jsonl",
                "--limit",
                "7",
                "--run-time",
                "2m",
                "--float-precision",
                "3");
    assertThat(r.replay.limit).isEqualTo(7);
    assertThat(r.replay.runTime).isEqualTo(Duration.ofMinutes(2));
    assertThat(r.replay.floatDigits).isEqualTo(3);

    ReplayCommand defaults = (ReplayCommand) parse("replay", "--workload", "w.jsonl");
    assertThat(defaults.replay.limit).isZero();
    assertThat(defaults.replay.floatDigits).isEqualTo(12);
  }

  @Test
  void driftTakesFloatPrecision() {
    DriftCommand d =
        (DriftCommand)
            parse(
                "drift",
                "--source",
                "jdbc:mysql://a/",
                "--replica",
                "jdbc:mysql://b/",
                "--float-precision",
                "2");
    assertThat(d.floatPrecision).isEqualTo(2);
  }

  @Test
  void theHelpShowsOnlyTheCurrentNames() {
    for (String command : new String[] {"capture", "replay", "demo", "drift"}) {
      CommandLine cl = QueryTesterCommand.commandLine().getSubcommands().get(command);
      assertThat(cl.getUsageMessage())
          .as(command)
          .doesNotContain("--limit")
          .doesNotContain("--run-time")
          .doesNotContain("--float-precision")
          .doesNotContain("--source-url");
    }
    assertThat(QueryTesterCommand.commandLine().getSubcommands().get("capture").getUsageMessage())
        .contains("[--max-events=N]", "[--duration=TIME]");
  }

  /** A drift command line with its two servers and {@code options}. */
  static DriftCommand drift(String... options) {
    List<String> args =
        new ArrayList<>(
            List.of("drift", "--source", "jdbc:mysql://a/", "--replica", "jdbc:mysql://b/"));
    args.addAll(List.of(options));
    return (DriftCommand) parse(args.toArray(String[]::new));
  }

  @Test
  void driftTakesItsOldFilterNamesAndFloatDigitsAsDecimalPlaces() {
    DriftCommand d =
        drift("--databases", "shop", "--ignore-tables", "shop.log", "--float-digits", "3");
    assertThat(d.databases).containsExactly("shop");
    assertThat(d.ignoreTables).containsExactly("shop.log");
    assertThat(d.floatPrecision).isEqualTo(3);

    DriftCommand current =
        drift("--include-schema", "shop", "--exclude-table", "shop.log", "--decimal-places", "4");
    assertThat(current.databases).containsExactly("shop");
    assertThat(current.ignoreTables).containsExactly("shop.log");
    assertThat(current.floatPrecision).isEqualTo(4);
  }

  @Test
  void driftsOldFloatDigitsSaysWhatItMeansThere() {
    CommandLine cl = QueryTesterCommand.commandLine();
    java.io.StringWriter err = new java.io.StringWriter();
    cl.getSubcommands().get("drift").setErr(new java.io.PrintWriter(err, true));
    cl.parseArgs(
        "drift",
        "--source",
        "jdbc:mysql://a/",
        "--replica",
        "jdbc:mysql://b/",
        "--float-digits",
        "3");
    assertThat(err.toString()).contains("--decimal-places", "digits after the point");
  }

  @Test
  void everyOldNameReachesACommandThatHasItsCurrentName() {
    CommandLine cl = QueryTesterCommand.commandLine();
    for (OldOptionNames.OldName o : OldOptionNames.ALL) {
      assertThat(
              cl.getSubcommands().entrySet().stream()
                  .filter(e -> o.command() == null || o.command().equals(e.getKey()))
                  .anyMatch(
                      e ->
                          e.getValue().getCommandSpec().findOption(o.old()) != null
                              && e.getValue().getCommandSpec().findOption(o.current()) != null))
          .as(o.toString())
          .isTrue();
    }
  }

  @Test
  void driftsHelpShowsTheIncludeAndExcludeNames() {
    String help = QueryTesterCommand.commandLine().getSubcommands().get("drift").getUsageMessage();
    assertThat(help)
        .contains("--include-schema", "--exclude-table", "--include-engine", "--decimal-places")
        .doesNotContain("--databases", "--ignore-tables", "--engines", "--float-digits");
  }
}
