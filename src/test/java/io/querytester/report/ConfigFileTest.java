package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.compare.GatePolicy;
import io.querytester.run.DiffKind;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {
  @TempDir Path tmp;

  private Path file(String yaml) throws Exception {
    return Files.writeString(tmp.resolve("querytester.yaml"), yaml);
  }

  @Test
  void readsEveryKey() throws Exception {
    Path f =
        file(
            """
            # gate for the nightly upgrade job
            gate:
              fail_on: [default, WARNINGS]
              max_error_rate: 0.5%
              latency:
                ratio: 1.5
                min_delta: 2ms
                alpha: 0.05
                min_samples: 50
            report:
              max_examples: 3
              max_classes: 100
              max_detailed_classes: 10
              max_sample_rows: 4
              max_value_chars: 80
              max_detail_chars: 100000
              console_classes: 20
              redact: true
            baseline: ci/accepted.yaml
            """);
    ReportSettings s = ConfigFile.read(f);
    GatePolicy g = s.gate();
    assertThat(g.failing()).contains(DiffKind.WARNINGS, DiffKind.RESULT, DiffKind.ERROR_NEW);
    assertThat(g.failing()).doesNotContain(DiffKind.METADATA_WIDTH);
    assertThat(g.maxErrorRate()).isEqualTo(0.005);
    assertThat(g.latency().ratio()).isEqualTo(1.5);
    assertThat(g.latency().minDeltaMicros()).isEqualTo(2000);
    assertThat(g.latency().alpha()).isEqualTo(0.05);
    assertThat(g.latency().minSamples()).isEqualTo(50);
    assertThat(s.limits()).isEqualTo(new ReportLimits(3, 100, 10, 4, 80, 100_000));
    assertThat(s.consoleClassCount()).isEqualTo(20);
    assertThat(s.redacting()).isTrue();
    assertThat(s.baseline()).isEqualTo(tmp.resolve("ci/accepted.yaml").toAbsolutePath());
    assertThat(s.source()).isEqualTo(f);
  }

  @Test
  void unsetKeysKeepTheDefaultsAndFlagsWin() throws Exception {
    ReportSettings file = ConfigFile.read(file("gate:\n  latency:\n    ratio: 2\n"));
    assertThat(file.gate().failing()).isEqualTo(GatePolicy.DEFAULT_FAILING);
    assertThat(file.gate().latency().ratio()).isEqualTo(2.0);
    assertThat(file.gate().latency().alpha()).isEqualTo(GatePolicy.DEFAULT.latency().alpha());
    ReportSettings flags =
        new ReportSettings(
            null, 3.0, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null);
    assertThat(ReportSettings.NONE.over(file).over(flags).gate().latency().ratio()).isEqualTo(3.0);
    assertThat(ConfigFile.read(file("")).gate()).isEqualTo(GatePolicy.DEFAULT);
  }

  @Test
  void anUnknownKeyNamesTheFileTheLineAndTheKey() throws Exception {
    Path f = file("gate:\n  latency:\n    ratio: 1.3\n    ratoi: 2\n");
    assertThatThrownBy(() -> ConfigFile.read(f))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(f + ":4: gate.latency.ratoi: unknown key")
        .hasMessageContaining("alpha, borderline, min_delta, min_samples, ratio");
    Path top = file("gates:\n  fail_on: RESULT\n");
    assertThatThrownBy(() -> ConfigFile.read(top))
        .hasMessageContaining(":1: gates: unknown key; known keys here: baseline, gate, report");
  }

  @Test
  void borderlineLatencyPassesUnlessTheFileSaysItFails() throws Exception {
    assertThat(ConfigFile.read(file("")).gate().latency().borderlineFails()).isFalse();
    assertThat(
            ConfigFile.read(file("gate:\n  latency:\n    borderline: fail\n"))
                .gate()
                .latency()
                .borderlineFails())
        .isTrue();
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  latency:\n    borderline: yes\n")))
        .hasMessageContaining(":3: gate.latency.borderline: expected pass or fail");
  }

  @Test
  void aBadValueNamesTheFileTheLineAndTheKey() throws Exception {
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  latency:\n    ratio: 0.5\n")))
        .hasMessageContaining(":3: gate.latency.ratio: must be between 1.0 and");
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  latency:\n    min_delta: 1000\n")))
        .hasMessageContaining(":3: gate.latency.min_delta: expected a duration with its unit");
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  latency:\n    alpha: 1\n")))
        .hasMessageContaining("gate.latency.alpha: must be above 0 and below 1");
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  max_error_rate: lots\n")))
        .hasMessageContaining(":2: gate.max_error_rate: expected a rate like 1% or 0.01");
    assertThatThrownBy(() -> ConfigFile.read(file("gate:\n  fail_on:\n    - RESULT\n    - TYPO\n")))
        .hasMessageContaining("gate.fail_on: 'TYPO' is not a difference kind");
    assertThatThrownBy(() -> ConfigFile.read(file("report:\n  max_classes: -1\n")))
        .hasMessageContaining(":2: report.max_classes: must be at least 1, not -1");
    assertThatThrownBy(() -> ConfigFile.read(file("report:\n  redact: yes please\n")))
        .hasMessageContaining(":2: report.redact: expected true or false");
    assertThatThrownBy(() -> ConfigFile.read(file("gate: RESULT\n")))
        .hasMessageContaining(":1: gate: expected keys under it");
  }

  @Test
  void unreadableYamlNamesTheFileAndTheLine() throws Exception {
    Path f = file("gate:\n  fail_on: [RESULT\n  latency: {\n");
    assertThatThrownBy(() -> ConfigFile.read(f))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(f + ":")
        .hasMessageContaining("not valid YAML");
    Path dup = file("gate:\n  max_error_rate: 1%\n  max_error_rate: 2%\n");
    assertThatThrownBy(() -> ConfigFile.read(dup)).hasMessageContaining("max_error_rate");
  }

  @Test
  void aMissingExplicitFileIsBadInputAndNoFileMeansDefaults() {
    assertThatThrownBy(() -> ConfigFile.load(tmp.resolve("nope.yaml"), tmp))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--config " + tmp.resolve("nope.yaml") + ": no such file");
    assertThat(ConfigFile.load(null, tmp)).isEqualTo(ReportSettings.NONE);
  }

  @Test
  void theCommandLineExitsWith2OnABadConfig() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    Path f = file("report:\n  max_exampels: 3\n");
    ReportFiles.Run r = ReportFiles.cli("report", run.toString(), "--config", f.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains(f + ":2: report.max_exampels: unknown key")
        .doesNotContain("\tat ");
    ReportFiles.Run flag = ReportFiles.cli("report", run.toString(), "--latency-ratio", "0.9");
    assertThat(flag.code()).isEqualTo(2);
    assertThat(flag.err()).contains("--latency-ratio must be at least 1");
  }
}
