package io.querytester.report;

import java.util.List;
import java.util.Locale;

/**
 * Charts drawn as inline SVG in Java, so the HTML report needs no script library and no network:
 * the latency percentile distribution of OLD vs NEW (HdrHistogram's way of plotting latency: the x
 * axis stretches the tail, 90%, 99%, 99.9% ...), and bars of differences by kind.
 */
final class Charts {
  static final String OLD_COLOR = "#2f6fb2";
  static final String NEW_COLOR = "#e0711c";
  private static final int W = 560;
  private static final int H = 250;
  private static final int LEFT = 62;
  private static final int RIGHT = 34;
  private static final int TOP = 14;
  private static final int BOTTOM = 40;
  private static final String[] TAIL_LABELS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};

  private Charts() {}

  /** The percentile plot, or an empty string when neither side has data. */
  static String percentiles(Report.Curve curve, String title) {
    if (curve == null || (curve.old().isEmpty() && curve.neu().isEmpty())) {
      return "";
    }
    double maxX = Math.max(1, Math.ceil(Math.max(maxX(curve.old()), maxX(curve.neu()))));
    long maxY = niceCeiling(Math.max(maxY(curve.old()), maxY(curve.neu())));
    StringBuilder b = new StringBuilder(4096);
    b.append("<svg class=\"qt-chart\" role=\"img\" viewBox=\"0 0 ")
        .append(W)
        .append(' ')
        .append(H)
        .append("\" width=\"")
        .append(W)
        .append("\" height=\"")
        .append(H)
        .append("\" xmlns=\"http://www.w3.org/2000/svg\"><title>")
        .append(Xml.escape(title))
        .append("</title>");
    axes(b, maxX, maxY);
    line(b, curve.old(), maxX, maxY, OLD_COLOR);
    line(b, curve.neu(), maxX, maxY, NEW_COLOR);
    legend(b, curve);
    b.append("</svg>");
    return b.toString();
  }

  private static void axes(StringBuilder b, double maxX, long maxY) {
    int plotW = W - LEFT - RIGHT;
    int plotH = H - TOP - BOTTOM;
    b.append("<g font-size=\"11\" fill=\"#444\" stroke=\"none\">");
    for (int i = 0; i <= 4; i++) {
      long v = maxY * i / 4;
      double y = TOP + plotH - (double) plotH * i / 4;
      b.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
              LEFT,
              W - RIGHT,
              y,
              y,
              LEFT - 6,
              y + 4,
              Units.micros(v).equals("-") ? "0" : Units.micros(v)));
    }
    for (int i = 0; i <= (int) maxX && i < TAIL_LABELS.length; i++) {
      double x = LEFT + plotW * i / maxX;
      b.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
              x,
              x,
              TOP,
              TOP + plotH,
              x,
              TOP + plotH + 15,
              TAIL_LABELS[i]));
    }
    b.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">percentile</text>",
            LEFT + plotW / 2,
            H - 6));
    b.append("</g>");
  }

  private static void line(
      StringBuilder b, List<Report.Point> points, double maxX, long maxY, String color) {
    if (points.isEmpty()) {
      return;
    }
    int plotW = W - LEFT - RIGHT;
    int plotH = H - TOP - BOTTOM;
    b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"")
        .append(color)
        .append("\" points=\"");
    for (Report.Point p : points) {
      double x = LEFT + plotW * Math.min(tail(p.percentile()), maxX) / maxX;
      double y = TOP + plotH - plotH * Math.min(1.0, (double) p.micros() / maxY);
      b.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
    }
    b.setLength(b.length() - 1);
    b.append("\"/>");
  }

  private static void legend(StringBuilder b, Report.Curve curve) {
    int x = LEFT + 10;
    for (int i = 0; i < 2; i++) {
      List<Report.Point> pts = i == 0 ? curve.old() : curve.neu();
      String color = i == 0 ? OLD_COLOR : NEW_COLOR;
      String label = (i == 0 ? "OLD" : "NEW") + (pts.isEmpty() ? " (no data)" : "");
      int y = TOP + 12 + i * 16;
      b.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#222\">%s</text>",
              x,
              y - 4,
              color,
              x + 20,
              y,
              label));
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
  static String kinds(List<Report.KindCount> kinds) {
    if (kinds.isEmpty()) {
      return "";
    }
    int row = 22;
    int labelW = 170;
    int barW = 300;
    int h = kinds.size() * row + 8;
    long max = kinds.stream().mapToLong(Report.KindCount::executions).max().orElse(1);
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "<svg class=\"qt-chart qt-kinds\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\""
                + " height=\"%d\" xmlns=\"http://www.w3.org/2000/svg\"><title>Executions with"
                + " each kind of difference</title><g font-size=\"12\">",
            labelW + barW + 90,
            h,
            labelW + barW + 90,
            h));
    for (int i = 0; i < kinds.size(); i++) {
      Report.KindCount k = kinds.get(i);
      int y = 4 + i * row;
      double w = Math.max(2, barW * (double) k.executions() / Math.max(1, max));
      String color = k.failsGate() ? "#c62828" : "#9e9e9e";
      b.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#222\">%s</text>"
                  + "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" fill=\"#222\">%,d</text>",
              labelW - 8,
              y + 12,
              Xml.escape(k.label()),
              labelW,
              y,
              w,
              color,
              labelW + w + 6,
              y + 12,
              k.executions()));
    }
    b.append("</g></svg>");
    return b.toString();
  }
}
