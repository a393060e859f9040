package io.querytester.advisor;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
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
    try (OutputStream os = Files.newOutputStream(file)) {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(os, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", "querytester bisect " + r.old() + " -> " + r.neu());
      x.writeAttribute("tests", Integer.toString(r.classes().size()));
      x.writeAttribute("failures", Long.toString(failures));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", Long.toString(skipped));
      x.writeCharacters("\n");
      for (ClassResult c : r.classes()) {
        testCase(x, c);
      }
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void testCase(XMLStreamWriter x, ClassResult c) throws XMLStreamException {
    x.writeCharacters("  ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", "bisect." + c.verdict());
    x.writeAttribute("name", c.classId());
    String steps =
        c.behaviour().stream()
            .map((Step s) -> s.version() + ": " + s.behaves())
            .collect(Collectors.joining(", "));
    String body = c.example() + "\n" + steps;
    if (!c.monotonic()) {
      x.writeStartElement("failure");
      x.writeAttribute("type", "not-monotonic");
      x.writeAttribute("message", c.note());
      x.writeCharacters(body);
      x.writeEndElement();
    } else if (c.firstNew() == null) {
      x.writeStartElement("skipped");
      x.writeAttribute("message", c.note());
      x.writeEndElement();
    } else {
      x.writeStartElement("system-out");
      x.writeCharacters(
          "first like NEW: "
              + c.firstNew()
              + (c.lastOld() == null ? "" : ", last like OLD: " + c.lastOld())
              + "\n"
              + body);
      x.writeEndElement();
    }
    x.writeEndElement();
    x.writeCharacters("\n");
  }
}
