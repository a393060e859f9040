package io.querytester.advisor;

import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.nio.file.Path;

/** Writes a pre-check's files into a folder: JSON, HTML and JUnit XML. */
public final class PrecheckReports {
  public static final String JSON = "precheck.json";
  public static final String HTML = "precheck.html";
  public static final String JUNIT = "precheck-junit.xml";

  private PrecheckReports() {}

  /** Returns the HTML file, the one people open. */
  public static Path write(PrecheckReport r, Path dir) {
    try {
      OwnerOnly.directories(dir);
      AdvisorJson.write(r, dir.resolve(JSON));
      PrecheckHtml.write(r, dir.resolve(HTML));
      PrecheckJunit.write(r, dir.resolve(JUNIT));
      return dir.resolve(HTML);
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot write the pre-check reports into " + dir + ": " + e.getMessage(), e);
    }
  }
}
