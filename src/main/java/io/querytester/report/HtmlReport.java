package io.querytester.report;

import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code report.html}: one self-contained file that opens offline: inline CSS, a small inline
 * script for sorting and filtering, charts as inline SVG. Written through {@link Html}, which
 * escapes everything from the run (statements, values, messages, names); a Content-Security-Policy
 * forbids any network load, so a hostile value can neither run script nor call home.
 *
 * <p>Laid out for triage: the verdict and the servers' health first, then the findings (classes
 * grouped by cause), then every class with why it differs, then the details.
 */
public final class HtmlReport {
  public static final String FILE = "report.html";

  private final Report r;
  private final Html h;

  private HtmlReport(Report r, Writer w) {
    this.r = r;
    this.h = new Html(w);
  }

  public static Path write(Report report, Path runDir) throws IOException {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try (Writer w = OwnerOnly.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      write(report, w);
    }
    return Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  static void write(Report report, Writer w) throws IOException {
    try {
      new HtmlReport(report, w).page();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void page() {
    head();
    banner();
    h.open("main").newline();
    new HtmlOverview(r, h).write();
    new HtmlFindings(r, h).write();
    new HtmlData(r.data(), h).write();
    new HtmlClassTable(r, h).write();
    new HtmlGate(r, h).write();
    new HtmlDetails(r, h).write();
    new HtmlHealth(r.health(), h).write();
    new HtmlSkipped(r, h).write();
    new HtmlBaseline(r.baseline(), h).write();
    new HtmlNotes(r, h).write();
    h.close("main").newline();
    h.open("footer").text("Written by " + r.tool() + " at " + HtmlParts.time(r.generatedAt()));
    h.text(". Data in this page: report.json next to it (docs/report-json.md).").close();
    h.newline().open("script").newline().trusted(Html.Resource.JS).close().newline();
    h.close("body").newline().close("html").newline();
  }

  private void head() {
    h.doctype().open("html", "lang", "en").newline().open("head").newline();
    h.single("meta", "charset", "utf-8").newline();
    h.single(
        "meta",
        "http-equiv",
        "Content-Security-Policy",
        "content",
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:");
    h.single("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
    h.newline().el("title", "querytester: " + r.headline()).newline();
    h.open("style").newline().trusted(Html.Resource.CSS).close().newline();
    h.close("head").newline();
    h.open("body", "data-qt-ready", "0").newline();
    // The first script only records errors, so that a failing page says so in its own DOM.
    h.open("script").trusted(Html.Resource.ERRORS).close().newline();
  }

  private void banner() {
    h.open("header", "class", "banner v-" + HtmlParts.css(r.verdict()))
        .el("h1", r.headline())
        .open("p");
    for (Report.Server s : r.servers()) {
      h.open("span", "class", "side").el("b", s.label()).text(" " + s.version() + " ");
      h.el("small", s.spec()).close().text(" ");
    }
    h.close("header").newline().open("nav");
    String[][] links = {
      {"overview", "Overview"},
      {"findings", "Findings"},
      {"data", "Data"},
      {"classes", "Classes"},
      {"gate", "Gate"},
      {"details", "Details"},
      {"health", "Health"},
      {"crashes", "Crashes"},
      {"error-log", "Error log"},
      {"counters", "Counters"},
      {"skipped", "Skipped"},
      {"baseline", "Baseline"},
      {"notes", "Notes and limits"}
    };
    for (String[] l : links) {
      h.el("a", l[1], "href", "#" + l[0]);
    }
    h.close("nav").newline();
  }
}
