package io.querytester.advisor;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Collectors;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code bisect-junit.xml}: a test case per class. Located (a first version like NEW, once and for
 * all) passes and says where; not monotonic fails; not reproduced is skipped.
 */
final class BisectJunit {
  private BisectJunit() {}

  static void write(BisectReport r, Path file) throws IOException {
    long failures = r.classes().stream().filter(c -> !c.monotonic()).count();
    long skipped = r.classes().stream().filter(c -> c.monotonic() && c.firstNew() == null).count();
    JunitXml.write(
        file,
        "querytester bisect " + r.old() + " -> " + r.neu(),
        r.classes().size(),
        failures,
        skipped,
        x -> {
          for (ClassResult c : r.classes()) {
            testCase(x, c);
          }
        });
  }

  private static void testCase(XMLStreamWriter x, ClassResult c) throws XMLStreamException {
    JunitXml.startCase(x, "bisect." + c.verdict(), c.classId());
    String steps =
        c.behaviour().stream()
            .map((Step s) -> s.version() + ": " + s.behaves())
            .collect(Collectors.joining(", "));
    String body = c.example() + "\n" + steps;
    if (!c.monotonic()) {
      JunitXml.outcome(x, "failure", "not-monotonic", c.note(), body);
    } else if (c.firstNew() == null) {
      JunitXml.outcome(x, "skipped", null, c.note(), null);
    } else {
      JunitXml.outcome(
          x,
          "system-out",
          null,
          null,
          "first like NEW: "
              + c.firstNew()
              + (c.lastOld() == null ? "" : ", last like OLD: " + c.lastOld())
              + "\n"
              + body);
    }
    JunitXml.endCase(x);
  }
}
