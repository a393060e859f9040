package io.querytester.advisor;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Left;
import io.querytester.advisor.BisectReport.Step;
import io.querytester.advisor.BisectReport.Tested;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/** The bisect on the console: a line per class with its steps, then what was left out. */
public final class BisectConsole {
  private BisectConsole() {}

  public static void print(BisectReport r, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "BISECT: %d classes of %s (OLD %s, NEW %s) on %d versions: %s%n",
        r.classes().size(),
        r.run(),
        r.old(),
        r.neu(),
        r.versions().size(),
        r.versions().stream().map(Tested::version).collect(Collectors.joining(", ")));
    out.println();
    out.printf(
        Locale.ROOT,
        "%-16s  %-10s  %-16s  %-16s  %s%n",
        "class",
        "verdict",
        "last like OLD",
        "first like NEW",
        "per version (o: like OLD, n: like NEW, b: both, x: neither, m: mixed," + " -: not run)");
    for (ClassResult c : r.classes()) {
      out.printf(
          Locale.ROOT,
          "%-16s  %-10s  %-16s  %-16s  %s%n",
          c.classId(),
          c.verdict(),
          c.lastOld() == null ? "-" : c.lastOld(),
          c.firstNew() == null ? "-" : c.firstNew(),
          c.behaviour().stream().map(BisectConsole::letter).collect(Collectors.joining(" ")));
      out.printf(Locale.ROOT, "    %s%n", PrecheckConsole.cut(c.example()));
      if (c.note() != null) {
        out.printf(Locale.ROOT, "    note: %s%n", c.note());
      }
    }
    if (!r.notBisected().isEmpty()) {
      out.println();
      out.println("not bisected:");
      for (Left l : r.notBisected()) {
        out.printf(Locale.ROOT, "  %-16s  %-10s  %s%n", l.classId(), l.verdict(), l.reason());
      }
    }
    out.flush();
  }

  private static String letter(Step s) {
    return switch (s.behaves()) {
      case "old" -> "o";
      case "new" -> "n";
      case "both" -> "b";
      case "neither" -> "x";
      case "mixed" -> "m";
      default -> "-";
    };
  }
}
