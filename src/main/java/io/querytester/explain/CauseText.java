package io.querytester.explain;

import java.util.ArrayList;
import java.util.List;

/**
 * A class's cause as plain text lines, the same in every text output (junit.xml failure bodies, the
 * console, a repro bundle's README): the cause in one line, then per attribution the statements
 * that restore OLD's behaviour and the confirmation, the best fix and what was tried.
 */
public final class CauseText {
  private CauseText() {}

  /**
   * @param summary the cause in one line
   * @param attributions what explains each difference
   * @param fixes the fixes measured, null for none
   * @param knownChanges precheck rules that name a code change
   */
  public static List<String> lines(
      String summary,
      List<Cause.Attribution> attributions,
      Cause.Fixes fixes,
      List<String> knownChanges) {
    List<String> out = new ArrayList<>();
    out.add("cause: " + summary);
    for (Cause.Attribution a : attributions) {
      if (!Cause.SETTINGS.equals(a.status())) {
        continue;
      }
      out.add("  restore on NEW (" + a.about() + "): " + a.restore());
      out.add(
          "  for the server: "
              + a.restoreGlobal()
              + "; option file: "
              + String.join("; ", a.config()));
      if (a.confirmation() != null) {
        out.add("  " + a.confirmation());
      }
      if (a.note() != null) {
        out.add("  note: " + a.note());
      }
    }
    knownChanges.forEach(k -> out.add("  known code change: " + k));
    if (fixes != null) {
      if (fixes.best() == null) {
        out.add(
            "  no fix tried returns OLD's rows at OLD's latency ("
                + fixes.tried().size()
                + " tried)");
      } else {
        Cause.Fix b = fixes.best();
        out.add(
            "  best fix: "
                + b.description()
                + ", "
                + b.ratio()
                + "x OLD's p50 ("
                + b.verdict()
                + ", "
                + fixes.tried().size()
                + " tried): "
                + b.statement());
      }
      fixes.skipped().forEach(s -> out.add("  not tried: " + s));
    }
    return out;
  }

  /** A cause's or an attribution's status in words. */
  public static String status(String status) {
    return switch (status) {
      case Cause.SETTINGS -> "explained by settings";
      case Cause.NO_SETTING -> "no setting explains it: a change in the server's code";
      case Cause.NOT_REPRODUCED -> "not reproduced when its examples ran again alone";
      case Cause.NOT_RUN -> "not run again (writes, or refused by the read-only gate)";
      case Cause.NOT_EXAMINED -> "not examined: the time budget ran out";
      default -> status.toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    };
  }

  /** The lines of a cause. */
  public static List<String> lines(Cause c) {
    return lines(c.summary(), c.attributions(), c.fixes(), c.knownChanges());
  }
}
