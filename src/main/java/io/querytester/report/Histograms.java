package io.querytester.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.querytester.compare.RunAnalyzer;
import io.querytester.run.RunJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latency histograms the analyser saved in the run folder ({@code histograms.jsonl}), turned
 * into percentile curves: per class for the classes a report details, and all classes merged for
 * the run. Read as a stream, one histogram at a time, keeping only curves, so thousands of classes
 * stay small.
 */
final class Histograms {
  /** Percentile curves stop here: beyond it a curve shows one or two executions, not a shape. */
  private static final double LAST_PERCENTILE = 99.999;

  private final Map<String, Report.Curve> curves;
  private final Report.Curve overall;

  private Histograms(Map<String, Report.Curve> curves, Report.Curve overall) {
    this.curves = curves;
    this.overall = overall;
  }

  static Histograms none() {
    return new Histograms(Map.of(), null);
  }

  /** Reads the run's histograms, keeping curves for the given classes only. */
  static Histograms read(Path runDir, Set<String> detailed, Consumer<String> warnings) {
    Path file = runDir.resolve(RunAnalyzer.HISTOGRAMS);
    if (!Files.exists(file)) {
      return none();
    }
    Map<String, List<List<Report.Point>>> kept = new HashMap<>();
    AbstractHistogram[] all = {null, null};
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line; (line = in.readLine()) != null; ) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode n = RunJson.MAPPER.readTree(line);
        int side = "NEW".equals(n.path("side").asText()) ? 1 : 0;
        AbstractHistogram h = decode(n.path("histogram").asText());
        if (all[side] == null) {
          // auto-resizing: each class's histogram covers only its own range (LatencyStats)
          all[side] = new Histogram(3);
        }
        all[side].add(h);
        String classId = n.path("class_id").asText();
        if (detailed.contains(classId)) {
          kept.computeIfAbsent(classId, k -> new ArrayList<>(List.of(List.of(), List.of())))
              .set(side, points(h));
        }
      }
    } catch (IOException | RuntimeException e) {
      warnings.accept("cannot read latency histograms from " + file + ": " + e.getMessage());
      return none();
    }
    Map<String, Report.Curve> curves = new HashMap<>();
    kept.forEach(
        (id, pair) -> curves.put(id, new Report.Curve("microseconds", pair.get(0), pair.get(1))));
    return new Histograms(curves, all[0] == null && all[1] == null ? null : curve(all[0], all[1]));
  }

  Report.Curve curve(String classId) {
    return curves.get(classId);
  }

  Report.Curve overall() {
    return overall;
  }

  private static AbstractHistogram decode(String base64) {
    try {
      // A plain histogram, used once and dropped: decoding into a packed one costs the report
      // most of its time (a packed array's index walk per bucket), and only the curves are kept.
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }

  static Report.Curve curve(AbstractHistogram old, AbstractHistogram neu) {
    return new Report.Curve("microseconds", points(old), points(neu));
  }

  /** HdrHistogram's percentile distribution: 5 steps per halving of the distance to 100%. */
  static List<Report.Point> points(AbstractHistogram h) {
    List<Report.Point> out = new ArrayList<>();
    if (h == null || h.getTotalCount() == 0) {
      return out;
    }
    for (HistogramIterationValue v : h.percentiles(5)) {
      double p = Math.min(v.getPercentileLevelIteratedTo(), LAST_PERCENTILE);
      long micros = h.highestEquivalentValue(v.getValueIteratedTo());
      if (!out.isEmpty() && out.getLast().percentile() >= p) {
        break;
      }
      out.add(new Report.Point(Math.round(p * 1000) / 1000.0, micros));
      if (p >= LAST_PERCENTILE) {
        break;
      }
    }
    return out;
  }
}
