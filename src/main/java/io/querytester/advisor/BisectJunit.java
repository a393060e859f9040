package io.querytester.advisor;

import io.querytester.JunitXml;
import io.querytester.OwnerOnly;
import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * {@code bisect-junit.xml}: a test case per class. Located (a first version like NEW, once and for
 * all) passes and says where; not monotonic fails; not reproduced is skipped.
 */
final class BisectJunit {
  private BisectJunit() {}

  static void write(BisectReport r, Path file) throws IOException {
    long failures = r.classes().stream().filter(c -> !c.monotonic()).count();
    long skipped = r.classes().stream().filter(c -> c.monotonic() && c.firstNew() == null).count();
    try (JunitXml x = JunitXml.open(OwnerOnly.newOutputStream(file))) {
      x.suite(
          new JunitXml.Suite(
              "querytester bisect " + r.old() + " -> " + r.neu(),
              r.classes().size(),
              failures,
              0,
              skipped,
              null,
              null));
      for (ClassResult c : r.classes()) {
        testCase(x, c);
      }
    }
  }

  private static void testCase(JunitXml x, ClassResult c) throws IOException {
    x.startCase("bisect." + c.verdict(), c.classId(), null);
    String steps =
        c.behaviour().stream()
            .map((Step s) -> s.version() + ": " + s.behaves())
            .collect(Collectors.joining(", "));
    String body = c.example() + "\n" + steps;
    if (!c.monotonic()) {
      x.failure("not-monotonic", c.note(), body);
    } else if (c.firstNew() == null) {
      x.skipped(c.note());
    } else {
      x.systemOut(
          "first like NEW: "
              + c.firstNew()
              + (c.lastOld() == null ? "" : ", last like OLD: " + c.lastOld())
              + "\n"
              + body);
    }
    x.end();
  }
}
