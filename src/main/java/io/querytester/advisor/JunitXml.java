package io.querytester.advisor;

import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** One JUnit XML test suite written through StAX (which escapes every text and attribute). */
final class JunitXml {
  private JunitXml() {}

  /** Writes the test cases of a suite. */
  @FunctionalInterface
  interface Cases {
    void write(XMLStreamWriter x) throws XMLStreamException;
  }

  static void write(Path file, String suite, int tests, long failures, long skipped, Cases cases)
      throws IOException {
    try (OutputStream os = OwnerOnly.newOutputStream(file)) {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(os, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", suite);
      x.writeAttribute("tests", Integer.toString(tests));
      x.writeAttribute("failures", Long.toString(failures));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", Long.toString(skipped));
      x.writeCharacters("\n");
      cases.write(x);
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** Opens a test case; the caller adds its outcome and calls {@link #endCase}. */
  static void startCase(XMLStreamWriter x, String classname, String name)
      throws XMLStreamException {
    x.writeCharacters("  ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", classname);
    x.writeAttribute("name", name);
  }

  /** An element with a message and a text, e.g. a failure. */
  static void outcome(XMLStreamWriter x, String element, String type, String message, String text)
      throws XMLStreamException {
    x.writeStartElement(element);
    if (type != null) {
      x.writeAttribute("type", type);
    }
    if (message != null) {
      x.writeAttribute("message", message);
    }
    if (text != null) {
      x.writeCharacters(text);
    }
    x.writeEndElement();
  }

  static void endCase(XMLStreamWriter x) throws XMLStreamException {
    x.writeEndElement();
    x.writeCharacters("\n");
  }
}
