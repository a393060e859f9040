package io.querytester.advisor;

import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import io.querytester.advisor.BisectReport.ClassResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Writes a bisect's files into a folder: JSON, HTML and JUnit XML. */
public final class BisectReports {
  public static final String JSON = "bisect.json";
  public static final String HTML = "bisect.html";
  public static final String JUNIT = "bisect-junit.xml";

  private BisectReports() {}

  /** Returns the HTML file, the one people open. */
  public static Path write(BisectReport r, Path dir) {
    try {
      OwnerOnly.directories(dir);
      AdvisorJson.write(r, dir.resolve(JSON));
      Templates.render("bisect.html.mustache", context(r), dir.resolve(HTML));
      BisectJunit.write(r, dir.resolve(JUNIT));
      return dir.resolve(HTML);
    } catch (IOException e) {
      throw new CannotRunException(
          "cannot write the bisect reports into " + dir + ": " + e.getMessage(), e);
    }
  }

  static Map<String, Object> context(BisectReport r) {
    Map<String, Object> c = new HashMap<>();
    c.put("run", r.run());
    c.put("old", r.old());
    c.put("neu", r.neu());
    c.put("generated", r.generated().toString());
    c.put("versions", r.versions());
    c.put("classCount", r.classes().size());
    List<Map<String, Object>> classes = r.classes().stream().map(BisectReports::row).toList();
    c.put("classes", classes);
    c.put("left", r.notBisected());
    c.put("hasLeft", !r.notBisected().isEmpty());
    return c;
  }

  private static Map<String, Object> row(ClassResult k) {
    Map<String, Object> m = new HashMap<>();
    m.put("classId", k.classId());
    m.put("verdict", k.verdict());
    m.put("kinds", String.join(", ", k.kinds()));
    m.put("example", k.example());
    m.put("lastOld", k.lastOld() == null ? "-" : k.lastOld());
    m.put("firstNew", k.firstNew() == null ? "-" : k.firstNew());
    m.put("steps", k.behaviour());
    m.put("note", k.note());
    m.put("monotonic", k.monotonic());
    return m;
  }
}
