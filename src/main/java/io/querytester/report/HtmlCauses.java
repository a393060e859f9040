package io.querytester.report;

import static io.querytester.report.HtmlParts.css;
import static io.querytester.report.HtmlParts.n;

import io.querytester.explain.Cause;
import io.querytester.explain.CauseText;
import io.querytester.explain.Setting;
import io.querytester.explain.SettingsDelta;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cause step in report.html: in a class's detail, what explains it (the settings with both
 * values, the statement that restores OLD's behaviour, the confirmation) and the fixes measured;
 * beside the server variables, the candidate settings and why the other differing ones are none.
 */
final class HtmlCauses {
  private final Html h;

  HtmlCauses(Html h) {
    this.h = h;
  }

  /** A class's cause and fixes; nothing when the step did not look into it. */
  void of(Report.CauseInfo cause) {
    if (cause == null) {
      return;
    }
    h.el("div", "Cause (OLD's settings tried on NEW)", "class", "label");
    h.open("p", "class", "cause c-" + css(cause.status())).el("b", cause.summary()).close();
    for (Cause.Attribution a : cause.attributions()) {
      attribution(a);
    }
    if (!cause.knownChanges().isEmpty()) {
      h.open("p").text("Known code changes this statement meets (precheck rules):").close();
      h.open("ul");
      cause.knownChanges().forEach(k -> h.el("li", k));
      h.close("ul");
    }
    if (cause.fixes() != null) {
      fixes(cause.fixes());
    }
    h.newline();
  }

  private void attribution(Cause.Attribution a) {
    h.open("p").el("b", a.about()).text(": " + CauseText.status(a.status()));
    h.text(" (" + n(a.trials()) + " trials)").close();
    if (!a.settings().isEmpty()) {
      settings(a.settings());
      h.el(
          "div",
          "Restores OLD's behaviour on NEW, for a session / for the server",
          "class",
          "label");
      h.el("pre", a.restore() + ";\n" + a.restoreGlobal() + ";", "class", "sql");
      h.el("div", "Or in NEW's option file, [mysqld]", "class", "label");
      h.el("pre", String.join("\n", a.config()), "class", "sql");
      if (a.confirmation() != null) {
        h.el("p", a.confirmation(), "class", Boolean.TRUE.equals(a.confirmed()) ? null : "chg");
      }
    }
    if (!a.unexplained().isEmpty() && Cause.SETTINGS.equals(a.status())) {
      h.el("p", "No setting explains: " + String.join(", ", a.unexplained()));
    }
    if (a.note() != null) {
      h.el("p", a.note(), "class", "empty");
    }
  }

  private void fixes(Cause.Fixes f) {
    h.el("div", "Fixes measured on NEW against OLD (the replay's thresholds)", "class", "label");
    if (f.best() != null) {
      h.open("p").el("b", "Best: ").text(f.best().description() + ", " + ratio(f.best()));
      h.close().el("pre", f.best().statement(), "class", "sql");
    } else {
      h.el("p", "No fix tried returns OLD's rows at OLD's latency.", "class", "chg");
    }
    h.open("details").el("summary", n(f.tried().size()) + " tried");
    h.open("div", "class", "scroll").open("table", "class", "data").open("thead").open("tr");
    for (String col :
        new String[] {"fix", "kind", "OLD's rows", "p50 OLD", "p50 NEW", "ratio", "verdict"}) {
      h.el("th", col);
    }
    h.close("thead").open("tbody");
    for (Cause.Fix x : f.tried()) {
      h.open("tr", "class", x.fixes() ? "fix-ok" : null).el("td", x.description());
      h.el("td", x.kind());
      h.el("td", x.note() != null ? x.note() : x.rowsSame() ? "yes" : "no");
      h.el("td", Units.micros(x.oldP50()), "class", "num");
      h.el("td", Units.micros(x.newP50()), "class", "num");
      h.el("td", x.ratio() == null ? "-" : x.ratio() + "x", "class", "num");
      h.el("td", x.verdict() == null ? "-" : x.verdict());
      h.close("tr");
    }
    h.close("table").close("div").close("details");
    if (!f.skipped().isEmpty()) {
      h.el("p", "Not tried: " + String.join("; ", f.skipped()), "class", "empty");
    }
  }

  /** The candidate settings of the run, and the differing variables that are none, by reason. */
  void step(Report.CauseStep step) {
    if (step == null) {
      return;
    }
    h.el("h3", "Candidate causes: session settings that differ");
    if (step.unavailable() != null) {
      h.el("p", step.unavailable(), "class", "empty");
      return;
    }
    h.el(
        "p",
        n(step.candidates().size())
            + " settings differ and NEW takes OLD's value of each for a session; each class that"
            + " differs was run again on NEW with OLD's values ("
            + String.format(
                Locale.ROOT, "%.1f s of a %.0f s budget", step.seconds(), step.budgetSeconds())
            + ").");
    if (!step.candidates().isEmpty()) {
      settings(step.candidates());
    }
    Map<String, Integer> reasons = new TreeMap<>();
    step.excluded().forEach(e -> reasons.merge(reason(e.why()), 1, Integer::sum));
    if (!step.excluded().isEmpty()) {
      h.open("details")
          .el("summary", n(step.excluded().size()) + " differing variables are no candidates");
      h.open("ul");
      reasons.forEach((why, count) -> h.el("li", n(count) + " " + why));
      h.close("ul").open("div", "class", "scroll").open("table", "class", "data").open("thead");
      h.open("tr");
      for (String col : new String[] {"variable", "OLD", "NEW", "why not"}) {
        h.el("th", col);
      }
      h.close("thead").open("tbody");
      for (SettingsDelta.Excluded e : step.excluded()) {
        h.open("tr").el("td", e.part() == null ? e.name() : e.name() + " " + e.part());
        h.el("td", e.old() == null ? "-" : e.old(), "class", "val");
        h.el("td", e.neu() == null ? "-" : e.neu(), "class", "val");
        h.el("td", e.why()).close("tr");
      }
      h.close("table").close("div").close("details");
    }
    if (!step.skipped().isEmpty()) {
      h.el("p", "Not done: " + String.join("; ", step.skipped()), "class", "cut");
    }
  }

  /** Settings with both values, and the user option that set them. */
  private void settings(List<Setting> settings) {
    h.open("table", "class", "data").open("thead").open("tr");
    for (String col : new String[] {"setting", "OLD", "NEW", "from"}) {
      h.el("th", col);
    }
    h.close("thead").open("tbody");
    for (Setting s : settings) {
      h.open("tr").el("td", s.label()).el("td", s.old(), "class", "val");
      h.el("td", s.neu(), "class", "val");
      h.el("td", s.option() == null ? "" : "--" + s.option().toLowerCase(Locale.ROOT) + "-option");
      h.close("tr");
    }
    h.close("table");
  }

  /** The kind of reason, without the server's own words: "cannot be set for a session". */
  private static String reason(String why) {
    int colon = why.indexOf(':');
    return colon < 0 ? why : why.substring(0, colon);
  }

  private static String ratio(Cause.Fix f) {
    return (f.ratio() == null ? "-" : f.ratio() + "x") + " OLD's p50 (" + f.verdict() + ")";
  }
}
