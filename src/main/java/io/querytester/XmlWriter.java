package io.querytester;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes an XML file through StAX, indented, so that no value is ever joined into markup by hand.
 * Text and attribute values are cleaned first: characters XML 1.0 cannot hold (most control
 * characters, lone surrogates), which a database value may well contain, become U+FFFD, so every
 * file parses.
 */
public final class XmlWriter implements Closeable {
  private final XMLStreamWriter x;
  private final OutputStream out;

  /** Per open element: whether it has child elements (then its end tag goes on its own line). */
  private final Deque<boolean[]> open = new ArrayDeque<>();

  private XmlWriter(OutputStream out) throws IOException {
    // the JDK's stream writer writes each character through on its own: one system call apiece
    this.out = out instanceof BufferedOutputStream ? out : new BufferedOutputStream(out);
    try {
      this.x = XMLOutputFactory.newFactory().createXMLStreamWriter(this.out, "UTF-8");
      x.writeStartDocument("UTF-8", "1.0");
    } catch (XMLStreamException e) {
      throw io(e);
    }
  }

  /** Starts a document on {@code out}; {@link #close()} ends it and closes {@code out}. */
  public static XmlWriter open(OutputStream out) throws IOException {
    return new XmlWriter(out);
  }

  /** Opens an element on a new line. */
  public XmlWriter start(String name) throws IOException {
    try {
      newLine();
      x.writeStartElement(name);
      open.push(new boolean[1]);
    } catch (XMLStreamException e) {
      throw io(e);
    }
    return this;
  }

  /** An element without content, on a new line; {@link #attr} calls that follow belong to it. */
  public XmlWriter empty(String name) throws IOException {
    try {
      newLine();
      x.writeEmptyElement(name);
    } catch (XMLStreamException e) {
      throw io(e);
    }
    return this;
  }

  /**
   * An attribute of the element just started. Line breaks and tabs become spaces, as any XML parser
   * would read them anyway.
   */
  public XmlWriter attr(String name, String value) throws IOException {
    try {
      x.writeAttribute(name, clean(value == null ? "" : value).replaceAll("\r\n|[\r\n\t]", " "));
    } catch (XMLStreamException e) {
      throw io(e);
    }
    return this;
  }

  public XmlWriter attr(String name, long value) throws IOException {
    return attr(name, Long.toString(value));
  }

  /** Text content, escaped by the writer. */
  public XmlWriter text(String s) throws IOException {
    try {
      x.writeCharacters(clean(s == null ? "" : s));
    } catch (XMLStreamException e) {
      throw io(e);
    }
    return this;
  }

  /** An element holding only text. */
  public XmlWriter element(String name, String text) throws IOException {
    return start(name).text(text).end();
  }

  public XmlWriter end() throws IOException {
    try {
      boolean[] children = open.pop();
      if (children[0]) {
        x.writeCharacters("\n" + "  ".repeat(open.size()));
      }
      x.writeEndElement();
    } catch (XMLStreamException e) {
      throw io(e);
    }
    return this;
  }

  private void newLine() throws XMLStreamException {
    if (!open.isEmpty()) {
      open.peek()[0] = true;
    }
    x.writeCharacters("\n" + "  ".repeat(open.size()));
  }

  @Override
  public void close() throws IOException {
    try {
      while (!open.isEmpty()) {
        end();
      }
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw io(e);
    } finally {
      out.close();
    }
  }

  private static IOException io(XMLStreamException e) {
    return new IOException(e.getMessage(), e);
  }

  /** {@code s} with every character XML 1.0 cannot hold replaced by U+FFFD. */
  public static String clean(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      boolean ok = allowed(s, i);
      if (!ok && b == null) {
        b = new StringBuilder(s.length()).append(s, 0, i);
      }
      if (b != null) {
        b.append(ok ? s.charAt(i) : '\uFFFD');
      }
    }
    return b == null ? s : b.toString();
  }

  private static boolean allowed(String s, int i) {
    char c = s.charAt(i);
    if (c == '\t' || c == '\n' || c == '\r') {
      return true;
    }
    if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
      return false;
    }
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
    return true;
  }
}
