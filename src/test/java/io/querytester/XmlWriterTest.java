package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Any value from a database makes a document that parses, and reads back as it was written. */
class XmlWriterTest {
  private static final String HOSTILE = "a<b>&\"c' ]]> </x><!-- \u0001\u0008\uFFFE \uD800 d";

  @Test
  void hostileValuesReadBackAsTextWithUnwritableCharactersReplaced() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (XmlWriter x = XmlWriter.open(out)) {
      x.start("suite").attr("name", HOSTILE).attr("count", 3);
      x.empty("case").attr("message", "line one\nline two\ttab");
      x.start("case").element("body", HOSTILE + "\nsecond line").end();
    }
    String xml = out.toString(StandardCharsets.UTF_8);
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(out.toByteArray()));
    Element suite = doc.getDocumentElement();
    String expected = "a<b>&\"c' ]]> </x><!-- \uFFFD\uFFFD\uFFFD \uFFFD d";
    assertThat(suite.getAttribute("name")).isEqualTo(expected);
    assertThat(suite.getAttribute("count")).isEqualTo("3");
    Element first = (Element) suite.getElementsByTagName("case").item(0);
    assertThat(first.getAttribute("message")).isEqualTo("line one line two tab");
    assertThat(suite.getElementsByTagName("body").item(0).getTextContent())
        .isEqualTo(expected + "\nsecond line");
    assertThat(xml)
        .startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<suite ")
        .contains("\n  <case message=")
        .contains("\n  <case>\n    <body>")
        .endsWith("</suite>\n");
  }

  @Test
  void cleanKeepsWhatXmlCanHold() {
    String fine = "tab\tnewline\n emoji \uD83D\uDE00 ü";
    assertThat(XmlWriter.clean(fine)).isSameAs(fine);
    assertThat(XmlWriter.clean("\u0000x\uDC00")).isEqualTo("\uFFFDx\uFFFD");
  }
}
