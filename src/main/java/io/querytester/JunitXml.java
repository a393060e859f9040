package io.querytester;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Writes the JUnit XML format that Surefire writes and Jenkins, GitLab and GitHub test reporters
 * read: a suite (inside a {@code testsuites} element or not), its properties, its test cases, each
 * passed or with a failure, an error or a skip, and {@code system-out}. Through {@link XmlWriter},
 * so every value is escaped and characters XML cannot hold are replaced.
 *
 * <p>Elements are written in the order called: a suite, then its cases ({@link #startCase} ...
 * {@link #end}), then its system-out; {@link #close} ends what is still open.
 */
public final class JunitXml implements Closeable {
  private final XmlWriter x;

  private JunitXml(XmlWriter x) {
    this.x = x;
  }

  /** Starts a document on {@code out}; {@link #close()} ends it and closes {@code out}. */
  public static JunitXml open(OutputStream out) throws IOException {
    return new JunitXml(XmlWriter.open(out));
  }

  /**
   * The name and counts of a suite (or of the {@code testsuites} around it); a null field is left
   * out of the file.
   *
   * @param time seconds, as the reporters read it (e.g. "0.569")
   * @param timestamp when it ran, ISO local date and time in UTC
   */
  public record Suite(
      String name,
      long tests,
      long failures,
      long errors,
      Long skipped,
      String time,
      String timestamp) {}

  /** Opens {@code testsuites}, the element some reporters want around the suite. */
  public JunitXml suites(Suite s) throws IOException {
    return counts("testsuites", s);
  }

  /** Opens a {@code testsuite}. */
  public JunitXml suite(Suite s) throws IOException {
    return counts("testsuite", s);
  }

  private JunitXml counts(String element, Suite s) throws IOException {
    x.start(element)
        .attr("name", s.name())
        .attr("tests", s.tests())
        .attr("failures", s.failures())
        .attr("errors", s.errors());
    optional("skipped", s.skipped() == null ? null : s.skipped().toString());
    optional("time", s.time());
    optional("timestamp", s.timestamp());
    return this;
  }

  /** A name and value the suite was run with (a server, a setting). */
  public record Property(String name, String value) {}

  /** The suite's properties, in order. */
  public JunitXml properties(List<Property> properties) throws IOException {
    x.start("properties");
    for (Property p : properties) {
      x.empty("property").attr("name", p.name()).attr("value", p.value());
    }
    x.end();
    return this;
  }

  /** A test case that passed and has nothing to say; {@code time} may be null. */
  public JunitXml passedCase(String classname, String name, String time) throws IOException {
    x.empty("testcase").attr("classname", classname).attr("name", name);
    return optional("time", time);
  }

  /**
   * Opens a test case: its failure, error or skip and its system-out follow, then {@link #end()};
   * {@code time} may be null.
   */
  public JunitXml startCase(String classname, String name, String time) throws IOException {
    x.start("testcase").attr("classname", classname).attr("name", name);
    return optional("time", time);
  }

  /** The case failed: {@code body} is the detail; a null value is written empty. */
  public JunitXml failure(String type, String message, String body) throws IOException {
    x.start("failure").attr("type", type).attr("message", message).text(body).end();
    return this;
  }

  /** The case could not be decided either way. */
  public JunitXml error(String type, String message) throws IOException {
    x.empty("error").attr("type", type).attr("message", message);
    return this;
  }

  public JunitXml skipped(String message) throws IOException {
    x.empty("skipped").attr("message", message);
    return this;
  }

  /** Text for the reader of the case, or of the suite when no case is open. */
  public JunitXml systemOut(String text) throws IOException {
    x.element("system-out", text);
    return this;
  }

  /** Ends the case (or suite) opened last. */
  public JunitXml end() throws IOException {
    x.end();
    return this;
  }

  private JunitXml optional(String name, String value) throws IOException {
    if (value != null) {
      x.attr(name, value);
    }
    return this;
  }

  @Override
  public void close() throws IOException {
    x.close();
  }
}
