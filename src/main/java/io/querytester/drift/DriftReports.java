package io.querytester.drift;

import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Writes a drift report: console text, and in an output folder drift.json and drift-junit.xml.
 * Self-contained on purpose; a shared report package can take these over later.
 */
public final class DriftReports {
  public static final String JSON = "drift.json";
  public static final String JUNIT = "drift-junit.xml";

  private DriftReports() {}

  public static void console(DriftReport report, PrintWriter out, boolean printFixSql) {
    ConsoleReport.write(report, out, printFixSql);
  }

  public static void files(DriftReport report, Path dir) throws IOException {
    OwnerOnly.directories(dir);
    JsonReport.write(report, dir.resolve(JSON));
    JUnitReport.write(report, dir.resolve(JUNIT));
  }
}
