package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

  static Path chromium() {
    for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/bin").split(":")) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  record Browser(int code, String stdout, String stderr) {}

  Browser open(Path html, String... extra) throws Exception {
    Path chromium = chromium();
    assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium)");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "profile"),
                "--enable-logging=stderr",
                "--v=0"));
    cmd.addAll(List.of(extra));
    cmd.add(html.toUri().toString());
    Path out = tmp.resolve("browser.out");
    Path err = tmp.resolve("browser.err");
    Process p =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 2 minutes");
    }
    return new Browser(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theReportRendersInARealBrowserWithoutErrors() throws Exception {
    Path run = ReportOutputsTest.richRun(tmp.resolve("run"));
    assertThat(ReportFiles.cli("report", run.toString(), "--no-baseline").code()).isEqualTo(1);
    Path html = run.resolve("report.html");

    Browser dom = open(html, "--dump-dom");
    assertThat(dom.code()).as(dom.stderr()).isZero();
    String body = bodyTag(dom.stdout());
    assertThat(body)
        .as("the page's script ran to its end, without errors")
        .contains("data-qt-ready=\"1\"")
        .doesNotContain("data-qt-errors");
    assertThat(dom.stdout()).contains("showing 9 of 9 classes", "<title>querytester: REGRESSIONS");
    assertThat(dom.stdout()).contains("<table id=\"qt-classes\"", "<svg class=\"qt-chart");
    assertThat(dom.stdout()).contains("<polyline").doesNotContain("<img src=\"x\"");
    assertThat(consoleLines(dom.stderr())).as("console messages").isEmpty();

    Path shot = tmp.resolve("report.png");
    Browser screenshot = open(html, "--screenshot=" + shot, "--window-size=1400,2000");
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
    Browser dom = open(html, "--dump-dom");
    assertThat(bodyTag(dom.stdout())).contains("data-qt-errors");
    assertThat(consoleLines(dom.stderr())).anySatisfy(l -> assertThat(l).contains("Uncaught"));
  }

  private static String bodyTag(String dom) {
    int start = dom.indexOf("<body");
    return start < 0 ? "" : dom.substring(start, dom.indexOf('>', start) + 1);
  }

  private static List<String> consoleLines(String stderr) {
    return stderr.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList();
  }
}
