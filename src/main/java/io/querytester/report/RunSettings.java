package io.querytester.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.compare.GatePolicy;
import io.querytester.run.DiffKind;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report settings a run folder keeps in run.json, so that {@code report RUN_DIR} writes the
 * run's report again anywhere: every effective value (defaults included, so a later default does
 * not change an old run's report), in querytester.yaml's shape, read back with its strict parser.
 */
public final class RunSettings {
  private static final String CONFIG = "config";

  private RunSettings() {}

  /** The tree run.json keeps: the settings as applied, and the baseline file if one was. */
  public static Map<String, Object> of(ReportSettings settings, Baseline applied) {
    GatePolicy g = settings.gate();
    ReportLimits l = settings.limits();
    Map<String, Object> latency = new LinkedHashMap<>();
    latency.put("ratio", g.latency().ratio());
    latency.put("min_delta", g.latency().minDeltaMicros() + "us");
    latency.put("alpha", g.latency().alpha());
    latency.put("min_samples", g.latency().minSamples());
    latency.put("borderline", g.latency().borderlineFails() ? "fail" : "pass");
    Map<String, Object> gate = new LinkedHashMap<>();
    List<String> failOn = g.failing().stream().sorted().map(DiffKind::name).toList();
    gate.put("fail_on", failOn.isEmpty() ? List.of("none") : failOn);
    gate.put("max_error_rate", g.maxErrorRate());
    gate.put("latency", latency);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("max_examples", l.maxExamples());
    report.put("max_classes", l.maxClasses());
    report.put("max_detailed_classes", l.maxDetailedClasses());
    report.put("max_sample_rows", l.maxSampleRows());
    report.put("max_value_chars", l.maxValueChars());
    report.put("max_detail_chars", l.maxDetailChars());
    report.put("console_classes", settings.consoleClassCount());
    report.put("redact", settings.redacting());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("gate", gate);
    out.put("report", report);
    if (applied != null) {
      out.put("baseline", applied.file().toAbsolutePath().normalize().toString());
    }
    if (settings.source() != null) {
      out.put(CONFIG, settings.source().toString());
    }
    return out;
  }

  /** The settings a run's report was written with; {@link ReportSettings#NONE} before any. */
  public static ReportSettings read(RunInfo info, Path runDir) {
    if (info.report() == null || info.report().isEmpty()) {
      return ReportSettings.NONE;
    }
    Map<String, Object> tree = new LinkedHashMap<>(info.report());
    Object config = tree.remove(CONFIG);
    JsonNode root = RunJson.MAPPER.valueToTree(tree);
    Path file = runDir.resolve(RunInfo.FILE);
    return ConfigFile.read(YamlDoc.of(file, root), file)
        .fromSource(config == null ? null : Path.of(config.toString()));
  }
}
