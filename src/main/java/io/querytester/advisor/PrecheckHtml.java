package io.querytester.advisor;

import io.querytester.advisor.PrecheckReport.Finding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code precheck.html}: one self-contained page, the same findings as the console and JSON. */
final class PrecheckHtml {
  private PrecheckHtml() {}

  static void write(PrecheckReport r, Path file) throws IOException {
    Templates.render("precheck.html.mustache", context(r), file);
  }

  static Map<String, Object> context(PrecheckReport r) {
    Map<String, Object> c = new HashMap<>();
    boolean failed = r.failing() > 0;
    c.put("verdict", failed ? "PRECHECK FAILED" : "PRECHECK OK");
    c.put("verdictClass", failed ? "failed" : "ok");
    c.put("findingCount", r.findings().size());
    c.put("classesAffected", r.classesAffected());
    c.put("classes", r.classes());
    c.put("flavour", r.flavour());
    c.put("oldVersion", r.oldVersion());
    c.put("targetVersion", r.targetVersion());
    c.put("rulesCrossedCount", r.rulesCrossed().size());
    c.put("rulesCrossed", r.rulesCrossed());
    c.put("workload", r.workload());
    c.put("events", r.events());
    c.put("schemaChecked", r.schemaChecked());
    c.put("old", r.old());
    c.put("generated", r.generated().toString());
    List<Map<String, Object>> findings = r.findings().stream().map(PrecheckHtml::finding).toList();
    c.put("findings", findings);
    return c;
  }

  private static Map<String, Object> finding(Finding f) {
    Map<String, Object> m = new HashMap<>();
    m.put("severity", f.severity());
    m.put("rule", f.rule());
    m.put("since", f.since());
    m.put("kind", f.kind());
    m.put("why", f.why());
    m.put("fix", f.fix());
    m.put("source", f.source());
    m.put("hasClasses", !f.classes().isEmpty());
    m.put(
        "classes",
        f.classes().stream()
            .map(
                h ->
                    Map.of(
                        "classId", h.classId(),
                        "kind", h.kind(),
                        "events", h.events(),
                        "match", h.match(),
                        "example", h.example()))
            .toList());
    m.put("hasSchema", f.schemaObjectCount() > 0);
    m.put("schemaObjectCount", f.schemaObjectCount());
    m.put("schemaObjects", f.schemaObjects());
    return m;
  }
}
