package io.querytester.report;

import java.util.Locale;

/** How numbers and text are shortened for people, the same in every output. */
final class Units {
  private Units() {}

  /** 850us, 12.3ms, 1.25s; "-" for no data. */
  static String micros(long us) {
    if (us <= 0) {
      return "-";
    }
    if (us < 1000) {
      return us + "us";
    }
    if (us < 1_000_000) {
      return String.format(Locale.ROOT, "%.1fms", us / 1000.0);
    }
    return String.format(Locale.ROOT, "%.2fs", us / 1e6);
  }

  static String ratio(Double r) {
    return r == null ? "-" : String.format(Locale.ROOT, "%.2fx", r);
  }

  static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s+", " ").strip();
  }
}
