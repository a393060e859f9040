package io.querytester.report;

import java.util.List;
import java.util.Locale;

/**
 * Charts drawn as inline SVG in Java, so the HTML report needs no script library and no network:
 * the latency percentile distribution of OLD vs NEW (HdrHistogram's way of plotting latency: the x
 * axis stretches the tail, 90%, 99%, 99.9% ...), and bars of differences by kind. Written through
 * {@link Html}, like the rest of the page.
 */
final class Charts {
  static final String OLD_COLOR = "#2f6fb2";
  static final String NEW_COLOR = "#e0711c";
  private static final String SVG_NS = "http://www.w3.org/2000/svg";
  private static final int W = 560;
  private static final int H = 250;
  private static final int LEFT = 62;
  private static final int RIGHT = 34;
  private static final int TOP = 14;
  private static final int BOTTOM = 40;
  private static final String[] TAIL_LABELS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};

  private Charts() {}

  /** The percentile plot; nothing when neither side has data. */
  static void percentiles(Html h, Report.Curve curve, String title) {
    if (curve == null || (curve.old().isEmpty() && curve.neu().isEmpty())) {
      return;
    }
    double maxX = Math.max(1, Math.ceil(Math.max(maxX(curve.old()), maxX(curve.neu()))));
    long maxY = niceCeiling(Math.max(maxY(curve.old()), maxY(curve.neu())));
    svg(h, "qt-chart", W, H).el("title", title);
    axes(h, maxX, maxY);
    line(h, curve.old(), maxX, maxY, OLD_COLOR);
    line(h, curve.neu(), maxX, maxY, NEW_COLOR);
    legend(h, curve);
    h.close("svg");
  }

  private static Html svg(Html h, String cssClass, int width, int height) {
    return h.open(
        "svg",
        "class",
        cssClass,
        "role",
        "img",
        "viewBox",
        "0 0 " + width + " " + height,
        "width",
        Integer.toString(width),
        "height",
        Integer.toString(height),
        "xmlns",
        SVG_NS);
  }

  private static void axes(Html h, double maxX, long maxY) {
    int plotW = W - LEFT - RIGHT;
    int plotH = H - TOP - BOTTOM;
    h.open("g", "font-size", "11", "fill", "#444", "stroke", "none");
    for (int i = 0; i <= 4; i++) {
      long v = maxY * i / 4;
      double y = TOP + plotH - (double) plotH * i / 4;
      h.open("line", "x1", n(LEFT), "x2", n(W - RIGHT), "y1", n(y), "y2", n(y), "stroke", "#ddd");
      h.close();
      String label = Units.micros(v).equals("-") ? "0" : Units.micros(v);
      h.el("text", label, "x", n(LEFT - 6), "y", n(y + 4), "text-anchor", "end");
    }
    for (int i = 0; i <= (int) maxX && i < TAIL_LABELS.length; i++) {
      double x = LEFT + plotW * i / maxX;
      h.open("line", "x1", n(x), "x2", n(x), "y1", n(TOP), "y2", n(TOP + plotH), "stroke", "#eee");
      h.close();
      h.el("text", TAIL_LABELS[i], "x", n(x), "y", n(TOP + plotH + 15), "text-anchor", "middle");
    }
    h.el("text", "percentile", "x", n(LEFT + plotW / 2), "y", n(H - 6), "text-anchor", "middle");
    h.close("g");
  }

  private static void line(
      Html h, List<Report.Point> points, double maxX, long maxY, String color) {
    if (points.isEmpty()) {
      return;
    }
    int plotW = W - LEFT - RIGHT;
    int plotH = H - TOP - BOTTOM;
    StringBuilder xy = new StringBuilder();
    for (Report.Point p : points) {
      double x = LEFT + plotW * Math.min(tail(p.percentile()), maxX) / maxX;
      double y = TOP + plotH - plotH * Math.min(1.0, (double) p.micros() / maxY);
      xy.append(xy.isEmpty() ? "" : " ").append(n(x)).append(',').append(n(y));
    }
    h.open(
        "polyline", "fill", "none", "stroke-width", "2", "stroke", color, "points", xy.toString());
    h.close();
  }

  private static void legend(Html h, Report.Curve curve) {
    int x = LEFT + 10;
    for (int i = 0; i < 2; i++) {
      List<Report.Point> pts = i == 0 ? curve.old() : curve.neu();
      String color = i == 0 ? OLD_COLOR : NEW_COLOR;
      String label = (i == 0 ? "OLD" : "NEW") + (pts.isEmpty() ? " (no data)" : "");
      int y = TOP + 12 + i * 16;
      h.open("rect", "x", n(x), "y", n(y - 4), "width", "14", "height", "4", "fill", color);
      h.close();
      h.el("text", label, "x", n(x + 20), "y", n(y), "font-size", "12", "fill", "#222");
    }
  }

  /** The x position of a percentile: 0 at 0%, 1 at 90%, 2 at 99%, 3 at 99.9% ... */
  static double tail(double percentile) {
    double rest = 100 - Math.min(percentile, 99.9999);
    return Math.log10(100 / rest);
  }

  private static double maxX(List<Report.Point> pts) {
    return pts.isEmpty() ? 0 : tail(pts.getLast().percentile());
  }

  private static long maxY(List<Report.Point> pts) {
    long m = 1;
    for (Report.Point p : pts) {
      m = Math.max(m, p.micros());
    }
    return m;
  }

  /** 1, 2 or 5 times a power of ten, at least v: round axis labels. */
  static long niceCeiling(long v) {
    long p = 1;
    while (p * 10 <= v) {
      p *= 10;
    }
    for (long m : new long[] {1, 2, 5, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /** Horizontal bars: executions per difference kind; red for kinds that fail the run. */
  static void kinds(Html h, List<Report.KindCount> kinds) {
    if (kinds.isEmpty()) {
      return;
    }
    int row = 22;
    int labelW = 170;
    int barW = 300;
    int height = kinds.size() * row + 8;
    long max = kinds.stream().mapToLong(Report.KindCount::executions).max().orElse(1);
    svg(h, "qt-chart qt-kinds", labelW + barW + 90, height);
    h.el("title", "Executions with each kind of difference").open("g", "font-size", "12");
    for (int i = 0; i < kinds.size(); i++) {
      Report.KindCount k = kinds.get(i);
      int y = 4 + i * row;
      double w = Math.max(2, barW * (double) k.executions() / Math.max(1, max));
      String color = k.failsGate() ? "#c62828" : "#9e9e9e";
      h.el("text", k.label(), "x", n(labelW - 8), "y", n(y + 12), "text-anchor", "end");
      h.open("rect", "x", n(labelW), "y", n(y), "width", n(w), "height", "14", "fill", color);
      h.close();
      h.el(
          "text",
          String.format(Locale.ROOT, "%,d", k.executions()),
          "x",
          n(labelW + w + 6),
          "y",
          n(y + 12),
          "fill",
          "#222");
    }
    h.close("svg");
  }

  private static String n(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
