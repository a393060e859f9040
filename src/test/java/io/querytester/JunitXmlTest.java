package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Every writer of JUnit XML gets a file that parses, whatever a database put in its values. */
class JunitXmlTest {
  @Test
  void aSuiteWithHostileValuesParsesWithTheCountsAndCasesWritten() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JunitXml x = JunitXml.open(out)) {
      x.suite(new JunitXml.Suite("suite \u0001 <x>", 3, 1, 1, 1L, null, null));
      x.properties(List.of(new JunitXml.Property("verdict", "FAIL")));
      x.passedCase("c", "passed", "0.5");
      x.startCase("c", "failed", null).failure("RESULT", "a & b", "body \u0000 end").end();
      x.startCase("c", "unknown", null).error("unverified", "not caught up").end();
      x.startCase("c", "skipped", null).skipped("why").systemOut("said").end();
    }
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(out.toByteArray()));
    Element suite = doc.getDocumentElement();
    assertThat(suite.getTagName()).isEqualTo("testsuite");
    assertThat(suite.getAttribute("name")).isEqualTo("suite \uFFFD <x>");
    assertThat(suite.getAttribute("skipped")).isEqualTo("1");
    assertThat(suite.hasAttribute("time")).isFalse();
    assertThat(suite.getElementsByTagName("testcase").getLength()).isEqualTo(4);
    assertThat(suite.getElementsByTagName("failure").item(0).getTextContent())
        .isEqualTo("body \uFFFD end");
    assertThat(((Element) suite.getElementsByTagName("error").item(0)).getAttribute("type"))
        .isEqualTo("unverified");
    assertThat(suite.getElementsByTagName("system-out").item(0).getTextContent()).isEqualTo("said");
  }
}
