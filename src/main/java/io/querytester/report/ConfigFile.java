package io.querytester.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.BadInputException;
import io.querytester.run.DiffKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code querytester.yaml}: the gate thresholds and report limits a team keeps next to its CI
 * job (docs/configuration.md). Strict: an unknown key or a bad value is an error naming the file,
 * the line and the key, never silently ignored, because a typo in a gate would let regressions
 * through.
 */
public final class ConfigFile {
  public static final String DEFAULT_NAME = "querytester.yaml";

  private static final Set<String> TOP = Set.of("gate", "report", "baseline");
  private static final Set<String> GATE = Set.of("fail_on", "max_error_rate", "latency");
  private static final Set<String> LATENCY =
      Set.of("ratio", "min_delta", "alpha", "min_samples", "borderline");
  private static final Set<String> REPORT =
      Set.of(
          "max_examples",
          "max_classes",
          "max_detailed_classes",
          "max_sample_rows",
          "max_value_chars",
          "max_detail_chars",
          "console_classes",
          "redact");
  private static final Pattern DURATION =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|µs|ms|s)", Pattern.CASE_INSENSITIVE);

  private ConfigFile() {}

  /** The file given with --config (must exist), else ./querytester.yaml when present. */
  public static ReportSettings load(Path explicit, Path workingDir) {
    if (explicit != null) {
      if (!Files.isRegularFile(explicit)) {
        throw new BadInputException(
            "--config " + explicit + ": no such file; see docs/configuration.md for its keys");
      }
      return read(explicit);
    }
    Path here = workingDir.resolve(DEFAULT_NAME);
    return Files.isRegularFile(here) ? read(here) : ReportSettings.NONE;
  }

  public static ReportSettings read(Path file) {
    return read(YamlDoc.read(file), file);
  }

  /**
   * Settings from a tree of querytester.yaml's shape; {@code source} is where they came from, shown
   * in the report, and the folder relative baseline paths start from.
   */
  static ReportSettings read(YamlDoc doc, Path source) {
    Path file = source;
    JsonNode root = doc.root();
    if (root.isMissingNode() || root.isNull()) {
      return ReportSettings.NONE.over(withSource(file));
    }
    object(doc, "", root);
    doc.onlyKeys("", root, TOP);
    JsonNode gate = root.path("gate");
    JsonNode latency = gate.path("latency");
    JsonNode report = root.path("report");
    if (!gate.isMissingNode()) {
      object(doc, "/gate", gate);
      doc.onlyKeys("/gate", gate, GATE);
    }
    if (!latency.isMissingNode()) {
      object(doc, "/gate/latency", latency);
      doc.onlyKeys("/gate/latency", latency, LATENCY);
    }
    if (!report.isMissingNode()) {
      object(doc, "/report", report);
      doc.onlyKeys("/report", report, REPORT);
    }
    Path baseline = null;
    if (root.has("baseline")) {
      String b = text(doc, "/baseline", root.get("baseline"));
      Path dir = file.toAbsolutePath().getParent();
      baseline = dir.resolve(b).normalize();
    }
    return new ReportSettings(
        gate.has("fail_on") ? kinds(doc, "/gate/fail_on", gate.get("fail_on")) : null,
        latency.has("ratio")
            ? number(doc, "/gate/latency/ratio", latency.get("ratio"), 1, 1e6)
            : null,
        latency.has("min_delta")
            ? micros(doc, "/gate/latency/min_delta", latency.get("min_delta"))
            : null,
        latency.has("alpha") ? alpha(doc, latency.get("alpha")) : null,
        latency.has("min_samples")
            ? integer(doc, "/gate/latency/min_samples", latency.get("min_samples"), 1)
            : null,
        gate.has("max_error_rate")
            ? rate(doc, "/gate/max_error_rate", gate.get("max_error_rate"))
            : null,
        positive(doc, report, "max_examples"),
        positive(doc, report, "max_classes"),
        nonNegative(doc, report, "max_detailed_classes"),
        positive(doc, report, "max_sample_rows"),
        positive(doc, report, "max_value_chars"),
        report.has("max_detail_chars")
            ? (long) integer(doc, "/report/max_detail_chars", report.get("max_detail_chars"), 0)
            : null,
        nonNegative(doc, report, "console_classes"),
        report.has("redact") ? bool(doc, "/report/redact", report.get("redact")) : null,
        baseline,
        file,
        latency.has("borderline") ? borderline(doc, latency.get("borderline")) : null);
  }

  /** pass (a borderline latency does not fail the run, the default) or fail. */
  private static boolean borderline(YamlDoc doc, JsonNode n) {
    String v = n.isTextual() ? n.asText() : "";
    return switch (v) {
      case "pass" -> false;
      case "fail" -> true;
      default ->
          throw doc.error(
              "/gate/latency/borderline",
              "expected pass or fail (whether a borderline latency fails the run), found "
                  + describe(n));
    };
  }

  private static ReportSettings withSource(Path file) {
    return new ReportSettings(
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        file, null);
  }

  private static void object(YamlDoc doc, String pointer, JsonNode n) {
    if (!n.isObject()) {
      throw doc.error(pointer, "expected keys under it (a mapping), found " + describe(n));
    }
  }

  private static Integer positive(YamlDoc doc, JsonNode report, String key) {
    return report.has(key) ? integer(doc, "/report/" + key, report.get(key), 1) : null;
  }

  private static Integer nonNegative(YamlDoc doc, JsonNode report, String key) {
    return report.has(key) ? integer(doc, "/report/" + key, report.get(key), 0) : null;
  }

  private static int integer(YamlDoc doc, String pointer, JsonNode n, int min) {
    if (!n.canConvertToInt() || !n.isIntegralNumber()) {
      throw doc.error(pointer, "expected a whole number, found " + describe(n));
    }
    if (n.intValue() < min) {
      throw doc.error(pointer, "must be at least " + min + ", not " + n.intValue());
    }
    return n.intValue();
  }

  private static double number(YamlDoc doc, String pointer, JsonNode n, double min, double max) {
    if (!n.isNumber()) {
      throw doc.error(pointer, "expected a number, found " + describe(n));
    }
    double v = n.doubleValue();
    if (v < min || v > max) {
      throw doc.error(pointer, "must be between " + min + " and " + max + ", not " + n.asText());
    }
    return v;
  }

  private static double alpha(YamlDoc doc, JsonNode n) {
    double v = number(doc, "/gate/latency/alpha", n, 0, 1);
    if (v <= 0 || v >= 1) {
      throw doc.error("/gate/latency/alpha", "must be above 0 and below 1, e.g. 0.01");
    }
    return v;
  }

  private static boolean bool(YamlDoc doc, String pointer, JsonNode n) {
    if (!n.isBoolean()) {
      throw doc.error(pointer, "expected true or false, found " + describe(n));
    }
    return n.booleanValue();
  }

  private static String text(YamlDoc doc, String pointer, JsonNode n) {
    if (!n.isTextual() || n.asText().isBlank()) {
      throw doc.error(pointer, "expected a file name, found " + describe(n));
    }
    return n.asText();
  }

  /** 1%, 0.5 %, or a fraction like 0.01. */
  private static double rate(YamlDoc doc, String pointer, JsonNode n) {
    try {
      return Gates.rate(n.isNumber() ? n.asText() : n.isTextual() ? n.asText() : "?");
    } catch (IllegalArgumentException e) {
      throw doc.error(pointer, e.getMessage() + ", found " + describe(n));
    }
  }

  /** 500us, 1ms, 0.2s; a duration needs its unit. */
  private static long micros(YamlDoc doc, String pointer, JsonNode n) {
    try {
      return Gates.micros(n.isValueNode() ? n.asText() : "?");
    } catch (IllegalArgumentException e) {
      throw doc.error(pointer, e.getMessage() + ", found " + describe(n));
    }
  }

  private static Set<DiffKind> kinds(YamlDoc doc, String pointer, JsonNode n) {
    List<String> names = new ArrayList<>();
    if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) {
        if (!n.get(i).isTextual()) {
          throw doc.error(
              pointer + "/" + i, "expected a difference kind, found " + describe(n.get(i)));
        }
        names.add(n.get(i).asText());
      }
    } else if (n.isTextual()) {
      names.addAll(List.of(n.asText().split(",")));
    } else {
      throw doc.error(pointer, "expected a list of difference kinds, found " + describe(n));
    }
    try {
      return Gates.kinds(names);
    } catch (IllegalArgumentException e) {
      throw doc.error(pointer, e.getMessage());
    }
  }

  private static String describe(JsonNode n) {
    if (n.isObject()) {
      return "a mapping";
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isNull()) {
      return "nothing";
    }
    return "'" + n.asText() + "'";
  }

  /** Parsing shared with the command-line flags. */
  public static final class Gates {
    private Gates() {}

    public static Set<DiffKind> kinds(List<String> names) {
      Set<DiffKind> out = EnumSet.noneOf(DiffKind.class);
      for (String raw : names) {
        String name = raw.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        if (name.isEmpty() || name.equals("NONE")) {
          continue;
        }
        if (name.equals("DEFAULT")) {
          out.addAll(io.querytester.compare.GatePolicy.DEFAULT_FAILING);
          continue;
        }
        try {
          out.add(DiffKind.valueOf(name));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "'"
                  + raw.strip()
                  + "' is not a difference kind; use "
                  + kindNames()
                  + ", default or none",
              e);
        }
      }
      return out;
    }

    static String kindNames() {
      List<String> names = new ArrayList<>();
      for (DiffKind k : DiffKind.values()) {
        names.add(k.name());
      }
      return String.join(", ", names);
    }

    public static double rate(String text) {
      String t = text.strip();
      boolean percent = t.endsWith("%");
      try {
        double v = Double.parseDouble(percent ? t.substring(0, t.length() - 1).strip() : t);
        double rate = percent ? v / 100 : v;
        if (rate < 0 || rate > 1 || Double.isNaN(rate)) {
          throw new IllegalArgumentException("a rate is between 0 and 1 (or 0% and 100%)");
        }
        return rate;
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("expected a rate like 1% or 0.01", e);
      }
    }

    public static long micros(String text) {
      Matcher m = DURATION.matcher(text.strip());
      if (!m.matches()) {
        throw new IllegalArgumentException(
            "expected a duration with its unit, like 500us, 2ms or 0.1s");
      }
      double v = Double.parseDouble(m.group(1));
      return Math.round(
          switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms" -> v * 1000;
            case "s" -> v * 1_000_000;
            default -> v;
          });
    }
  }
}
