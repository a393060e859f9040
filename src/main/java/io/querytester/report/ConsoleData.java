package io.querytester.report;

import io.querytester.TextCut;
import io.querytester.run.DataCheck;
import java.io.PrintWriter;

/**
 * The data part of the console summary: the comparison in one line, then a line per table that
 * differs, could not be compared, or was compared whole for want of a key.
 */
final class ConsoleData {
  private final PrintWriter out;
  private final String red;
  private final String reset;

  ConsoleData(PrintWriter out, String red, String reset) {
    this.out = out;
    this.red = red;
    this.reset = reset;
  }

  void print(Report.Data d) {
    if (d == null) {
      return;
    }
    out.println();
    boolean bad = d.failsGate() && d.verdict().equals("DIFFERENT");
    out.println(bad ? red + d.summary() + reset : d.summary());
    for (DataCheck.Table t : d.tables()) {
      if (t.status() != DataCheck.Status.ABSENT
          && (t.status() != DataCheck.Status.EQUAL || !t.warnings().isEmpty())) {
        out.println(
            "  " + t.table() + ": " + TextCut.abbreviate(Units.oneLine(DataText.line(t)), 200));
      }
    }
    d.notes().forEach(n -> out.println("  note: " + n));
  }
}
