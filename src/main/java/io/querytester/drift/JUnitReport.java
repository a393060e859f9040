package io.querytester.drift;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * drift-junit.xml: a test case per table, so a CI server lists every table. Drift or a missing
 * table is a failure; a chunk the replica never caught up for is an error (not known either way).
 */
final class JUnitReport {
  private JUnitReport() {}

  static void write(DriftReport report, Path file) throws IOException {
    try (OutputStream os = Files.newOutputStream(file)) {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(os, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", "querytester drift");
      x.writeAttribute("tests", Integer.toString(report.tables().size()));
      x.writeAttribute("failures", Long.toString(count(report, true)));
      x.writeAttribute("errors", Long.toString(count(report, false)));
      x.writeAttribute("time", seconds(report.elapsed().toMillis()));
      x.writeCharacters("\n");
      for (TableReport t : report.tables()) {
        testCase(x, t);
      }
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void testCase(XMLStreamWriter x, TableReport t) throws XMLStreamException {
    x.writeCharacters("  ");
    x.writeStartElement("testcase");
    int dot = t.table().indexOf('.');
    x.writeAttribute("classname", "drift." + t.table().substring(0, dot));
    x.writeAttribute("name", t.table().substring(dot + 1));
    List<String> failures = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (ReplicaTable r : t.replicas()) {
      switch (r.verdict()) {
        case DRIFT ->
            failures.add(
                r.replica()
                    + ": "
                    + r.missing()
                    + " missing, "
                    + r.extra()
                    + " extra, "
                    + r.different()
                    + " different");
        case MISSING -> failures.add(r.replica() + ": " + r.problem());
        case UNVERIFIED -> errors.add(r.replica() + ": " + r.unverifiedChunks() + " chunks");
        case CONSISTENT -> {}
      }
      r.rows()
          .forEach(
              d -> body.append(r.replica()).append(' ').append(ConsoleReport.row(d)).append('\n'));
    }
    if (!failures.isEmpty()) {
      x.writeStartElement("failure");
      x.writeAttribute("message", "drift: " + String.join("; ", failures));
      x.writeAttribute("type", "drift");
      x.writeCharacters(body.toString());
      x.writeEndElement();
    } else if (!errors.isEmpty()) {
      x.writeStartElement("error");
      x.writeAttribute(
          "message", "not verified, replica did not catch up: " + String.join("; ", errors));
      x.writeAttribute("type", "unverified");
      x.writeEndElement();
    }
    if (!t.warnings().isEmpty()) {
      x.writeStartElement("system-out");
      x.writeCharacters(String.join("\n", t.warnings()));
      x.writeEndElement();
    }
    x.writeEndElement();
    x.writeCharacters("\n");
  }

  private static long count(DriftReport report, boolean failures) {
    return report.tables().stream()
        .filter(t -> failures ? t.verdict().drifted() : t.verdict() == Verdict.UNVERIFIED)
        .count();
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }
}
