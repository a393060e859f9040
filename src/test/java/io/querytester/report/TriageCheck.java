package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.querytester.testing.Chromium;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a copy of report.html with triage-check.js added in headless Chromium, and returns what the
 * script measured: the why column, findings, the sticky header, anchors below the menu, the health
 * summary's place, latency charts, paired rows and wide values (see the script).
 */
final class TriageCheck {
  private TriageCheck() {}

  static JsonNode measure(Path html, Path tmp) throws Exception {
    String script;
    try (InputStream in = TriageCheck.class.getResourceAsStream("/report/triage-check.js")) {
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String page = Files.readString(html);
    int end = page.lastIndexOf("</body>");
    Path copy = tmp.resolve("triage-" + System.nanoTime() + ".html");
    Files.writeString(
        copy, page.substring(0, end) + "<script>" + script + "</script>" + page.substring(end));
    Chromium.Result dom = Chromium.open(copy, tmp, "--dump-dom", "--window-size=1280,900");
    assertThat(dom.code()).as(dom.stderr()).isZero();
    String body = dom.bodyTag();
    assertThat(body)
        .as("the page's script and the check ran without errors")
        .contains("data-qt-ready=\"1\"")
        .contains("data-qt-check=")
        .doesNotContain("data-qt-errors");
    int start = body.indexOf("data-qt-check=\"") + "data-qt-check=\"".length();
    String json =
        body.substring(start, body.indexOf('"', start))
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&nbsp;", "\u00a0")
            .replace("&amp;", "&");
    return new ObjectMapper().readTree(json);
  }
}
