package io.querytester.advisor;

import io.querytester.advisor.PrecheckReport.ClassHit;
import io.querytester.advisor.PrecheckReport.Finding;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code precheck-junit.xml}: a test case per rule the upgrade crosses, so CI lists what was
 * checked. A finding that breaks or changes statements is a failure; a deprecation passes with the
 * finding as its output.
 */
final class PrecheckJunit {
  private PrecheckJunit() {}

  static void write(PrecheckReport r, Path file) throws IOException {
    Map<String, Finding> byRule =
        r.findings().stream().collect(Collectors.toMap(Finding::rule, Function.identity()));
    try (OutputStream os = Files.newOutputStream(file)) {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(os, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeAttribute(
          "name", "querytester precheck " + r.oldVersion() + " -> " + r.targetVersion());
      x.writeAttribute("tests", Integer.toString(r.rulesCrossed().size()));
      x.writeAttribute("failures", Long.toString(r.failing()));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", "0");
      x.writeCharacters("\n");
      for (String rule : r.rulesCrossed()) {
        testCase(x, rule, byRule.get(rule));
      }
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void testCase(XMLStreamWriter x, String rule, Finding f)
      throws XMLStreamException {
    x.writeCharacters("  ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", "precheck");
    x.writeAttribute("name", rule);
    if (f != null) {
      String body = body(f);
      if (Severity.valueOf(f.severity().toUpperCase(java.util.Locale.ROOT)).fails()) {
        x.writeStartElement("failure");
        x.writeAttribute("type", f.severity());
        x.writeAttribute("message", f.why());
        x.writeCharacters(body);
        x.writeEndElement();
      } else {
        x.writeStartElement("system-out");
        x.writeCharacters(body);
        x.writeEndElement();
      }
    }
    x.writeEndElement();
    x.writeCharacters("\n");
  }

  private static String body(Finding f) {
    StringBuilder b = new StringBuilder();
    b.append(f.why()).append("\nfix: ").append(f.fix()).append("\nsource: ").append(f.source());
    for (ClassHit c : f.classes()) {
      b.append("\n")
          .append(c.classId())
          .append(" (")
          .append(c.events())
          .append(" events) ")
          .append(c.match())
          .append(": ")
          .append(c.example());
    }
    for (String o : f.schemaObjects()) {
      b.append("\nschema: ").append(o);
    }
    return b.toString();
  }
}
