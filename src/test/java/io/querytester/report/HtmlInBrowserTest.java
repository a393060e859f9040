package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in a real headless Chromium (Debian's chromium package; skipped, and reported
 * as skipped, where it is not installed): the page's own script must run without an error and
 * without writing to the console (a hostile value that ran as script would), the class table must
 * be filled and the charts drawn; a screenshot is taken.
 */
class HtmlInBrowserTest {
  @TempDir Path tmp;

  @Test
  void theReportRendersInARealBrowserWithoutErrors() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    assertThat(ReportFiles.cli("report", run.toString(), "--no-baseline").code()).isEqualTo(1);
    Path html = run.resolve("report.html");

    Chromium.Result dom = Chromium.open(html, tmp, "--dump-dom");
    assertThat(dom.code()).as(dom.stderr()).isZero();
    assertThat(dom.bodyTag())
        .as("the page's script ran to its end, without errors")
        .contains("data-qt-ready=\"1\"")
        .doesNotContain("data-qt-errors");
    assertThat(dom.stdout()).contains("showing 9 of 9 classes", "<title>querytester: REGRESSIONS");
    assertThat(dom.stdout()).contains("<table id=\"qt-classes\"", "<svg class=\"qt-chart");
    assertThat(dom.stdout()).contains("<polyline").doesNotContain("<img src=\"x\"");
    assertThat(dom.console()).as("console messages").isEmpty();

    Path shot = tmp.resolve("report.png");
    Chromium.Result screenshot =
        Chromium.open(html, tmp, "--screenshot=" + shot, "--window-size=1400,2000");
    assertThat(screenshot.code()).as(screenshot.stderr()).isZero();
    assertThat(shot).exists();
    assertThat(Files.size(shot)).isGreaterThan(20_000);
  }

  @Test
  void aPageErrorWouldBeSeen() throws Exception {
    // The checks above can fail: a page with a broken script shows both signs.
    Path html =
        Files.writeString(
            tmp.resolve("broken.html"),
            "<html><body><script>window.addEventListener('error',function(e){"
                + "document.body.setAttribute('data-qt-errors',e.message);});</script>"
                + "<script>noSuchFunction();</script></body></html>");
    Chromium.Result dom = Chromium.open(html, tmp, "--dump-dom");
    assertThat(dom.bodyTag()).contains("data-qt-errors");
    assertThat(dom.console()).anySatisfy(l -> assertThat(l).contains("Uncaught"));
  }
}
