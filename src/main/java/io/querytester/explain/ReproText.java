package io.querytester.explain;

import io.querytester.run.ColumnMeta;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.run.RunInfo;
import io.querytester.run.Warning;
import io.querytester.server.MariaDbVersions;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import io.querytester.workload.SqlRedactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/** The text files of a repro bundle: README.md, statement.sql, old.txt, new.txt, run.sh. */
final class ReproText {
  private final RunInfo info;
  private final Repro.Case c;
  private final UnaryOperator<String> values;
  private final ReproFix fix;
  private final Path launcher;

  /**
   * @param fix what {@code run.sh --fix} applies, null for none
   * @param launcher the querytester launcher run.sh runs, null for {@code querytester} on PATH
   */
  ReproText(RunInfo info, Repro.Case c, UnaryOperator<String> values, ReproFix fix, Path launcher) {
    this.info = info;
    this.c = c;
    this.values = values;
    this.fix = fix;
    this.launcher = launcher;
  }

  /** The schemas that the session's USE statements switch to. */
  static List<String> usedSchemas(SessionPrelude p) {
    List<String> out = new ArrayList<>();
    for (QueryEvent e : p.session()) {
      String s = e.sql().strip();
      if (s.regionMatches(true, 0, "use ", 0, 4)) {
        out.add(s.substring(4).strip().replace("`", "").replace(";", "").strip());
      }
    }
    return out;
  }

  /** The statement with the session state it ran in: USE, the session's SETs. */
  String statement() {
    StringBuilder b = new StringBuilder();
    b.append("-- Class ").append(c.summary().classId()).append(", event ");
    b.append(c.execution().event()).append(" of the run's workload, with its session's state.\n");
    String schema = c.prelude().event().schema();
    if (schema != null && !schema.isEmpty()) {
      b.append("USE ").append(ReproTables.quote(schema)).append(";\n");
    }
    for (QueryEvent e : c.prelude().session()) {
      b.append(sql(e.sql())).append(";\n");
    }
    b.append(sql(c.prelude().event().sql())).append(";\n");
    return b.toString();
  }

  private static String sql(String s) {
    String t = SqlRedactor.passwords(s).strip();
    return t.endsWith(";") ? t.substring(0, t.length() - 1) : t;
  }

  /** old.txt (side 0) or new.txt (side 1): what that side returned in the run. */
  String side(int side) {
    RunInfo.Side s = info.targets().get(side);
    Observation o = side == 0 ? c.execution().old() : c.execution().neu();
    StringBuilder b = new StringBuilder();
    b.append(s.label()).append(": ").append(s.spec()).append("  ").append(s.version()).append('\n');
    b.append("statement (event ").append(c.execution().event()).append("): ");
    b.append(sql(c.prelude().event().sql())).append("\n\n");
    b.append("outcome: ").append(outcome(o)).append('\n');
    b.append("first row after ").append(o.firstRowMicros()).append(" us, last after ");
    b.append(o.lastRowMicros()).append(" us\n");
    if (o.digest() != null) {
      b.append("result digest: ordered ").append(o.digest().ordered());
      b.append(", as a multiset ").append(o.digest().unordered()).append('\n');
    }
    b.append("\ncolumns:\n");
    for (ColumnMeta m : o.columns()) {
      b.append("  ").append(column(m)).append('\n');
    }
    b.append("\nwarnings:").append(o.warnings().isEmpty() ? " none\n" : "\n");
    for (Warning w : o.warnings()) {
      b.append("  ").append(w.level()).append(' ').append(w.code()).append(": ");
      b.append(w.message()).append('\n');
    }
    List<Difference> diffs = c.execution().differences();
    boolean any = false;
    for (Difference d : diffs) {
      if (d.samples() == null) {
        continue;
      }
      List<List<String>> rows = side == 0 ? d.samples().onlyOld() : d.samples().onlyNew();
      if (!any) {
        b.append("\nrows only ")
            .append(s.label())
            .append(" returned (the run keeps samples of the");
        b.append(" rows that differ, not whole results):\n");
        any = true;
      }
      b.append("  ").append(String.join(" | ", d.samples().columns())).append('\n');
      for (List<String> r : rows) {
        b.append("  ").append(row(r)).append('\n');
      }
      if (d.samples().truncated()) {
        b.append("  ... more rows differed\n");
      }
    }
    return b.toString();
  }

  private String row(List<String> r) {
    return r.stream()
        .map(v -> v == null ? "NULL" : values.apply(v))
        .collect(Collectors.joining(" | "));
  }

  private static String outcome(Observation o) {
    return switch (o.outcome()) {
      case Outcome.Ok ok -> "ok, " + o.rows() + " rows";
      case Outcome.Failed f -> "ERROR " + f.code() + " (" + f.sqlState() + "): " + f.message();
      case Outcome.TimedOut t -> "timed out after " + t.afterMillis() + " ms";
      case Outcome.Lost l -> "connection lost: " + l.message();
      case Outcome.TooLarge t -> "result too large, stopped after " + t.rowsRead() + " rows";
    };
  }

  private static String column(ColumnMeta m) {
    return m.name()
        + " "
        + m.type()
        + "("
        + m.precision()
        + (m.scale() > 0 ? "," + m.scale() : "")
        + ")"
        + (m.nullable() ? " NULL" : " NOT NULL")
        + (m.charset() == null ? "" : " " + m.charset());
  }

  /** The default pair of the script: the run's own when it ran on embedded servers. */
  String defaultSpec(int side) {
    String spec = info.targets().get(side).spec();
    if (spec != null && spec.startsWith("embedded:")) {
      return spec;
    }
    return side == 0 ? MariaDbVersions.DEFAULT_OLD : MariaDbVersions.DEFAULT_NEW;
  }

  /**
   * The launcher that wrote the bundle, where it still is: a clone's {@code ./querytester} is on no
   * PATH, so a bundle run as typed would not find it by name.
   */
  static String launcherLines(Path launcher) {
    if (launcher == null) {
      return "QUERYTESTER=${QUERYTESTER:-querytester}\n";
    }
    String quoted = "'" + launcher.toString().replace("'", "'\\''") + "'";
    return "if [ -z \"${QUERYTESTER:-}\" ]; then\n"
        + "  QUERYTESTER=querytester\n"
        + "  if [ -x "
        + quoted
        + " ]; then QUERYTESTER="
        + quoted
        + "; fi\n"
        + "fi\n";
  }

  String script(boolean withData) {
    boolean latency = c.kinds().contains(DiffKind.LATENCY);
    return "#!/bin/sh\n"
        + "# Replays class "
        + c.summary().classId()
        + " (statement.sql, as workload.jsonl) on two servers with querytester.\n"
        + "# OLD and NEW: any target specs (default: the embedded pair); QUERYTESTER: the command\n"
        + "# (default: the querytester that wrote this bundle, else querytester on PATH).\n"
        + "# Exit code 1 when the difference is there again, as in the run.\n"
        + (fix == null
            ? "# (The run found no fix to apply for this class: --fix is refused.)\n"
            : "# --fix first: replays it with the fix applied ("
                + oneLine(fix.description())
                + "), which should exit 0.\n")
        + "set -u\n"
        + "cd \"$(dirname \"$0\")\"\n"
        + "WORKLOAD=workload.jsonl\n"
        + "if [ \"${1:-}\" = \"--fix\" ]; then\n"
        + (fix == null
            ? "  echo \"no fix for this class: the run's cause step found none\" >&2\n  exit 2\n"
            : "  WORKLOAD=" + ReproFix.WORKLOAD + "\n  shift\n")
        + "fi\n"
        + launcherLines(launcher)
        + "OLD=${OLD:-"
        + defaultSpec(0)
        + "}\n"
        + "NEW=${NEW:-"
        + defaultSpec(1)
        + "}\n"
        + "rm -rf run\n"
        + "$QUERYTESTER replay --workload \"$WORKLOAD\" --old \"$OLD\" --new \"$NEW\""
        + " --load schema.sql"
        + (withData ? " --load data.sql" : "")
        + options("--old-option", c.oldOptions())
        + options("--new-option", c.newOptions())
        + (latency ? " --repeat 20" : "")
        + " --out run \"$@\"\n"
        + "code=$?\n"
        + "echo\n"
        + "if [ \"$WORKLOAD\" != workload.jsonl ]; then\n"
        + "  echo \"expected with the fix: no regression (exit 0)\"\n"
        + "  exit $code\n"
        + "fi\n"
        + "echo \"expected: "
        + kindsText()
        + " in class "
        + c.summary().classId()
        + " (run/report.json has what this replay found)\"\n"
        + "exit $code\n";
  }

  private String kindsText() {
    return c.kinds().stream()
        .map(k -> k.label() + " (" + k.name() + ")")
        .collect(Collectors.joining(", "));
  }

  String readme(List<ReproTables.Name> tables, List<Long> rows, boolean withData) {
    RunInfo.Side old = info.targets().get(0);
    RunInfo.Side neu = info.targets().get(1);
    StringBuilder b = new StringBuilder();
    b.append("# Class ").append(c.summary().classId()).append(": ");
    b.append(c.summary().verdict().name().toLowerCase(Locale.ROOT)).append("\n\n");
    b.append("```sql\n").append(sql(c.prelude().event().sql())).append("\n```\n\n");
    b.append("## What differs\n\n");
    b.append("- OLD: `").append(old.spec()).append("` ").append(old.version()).append('\n');
    b.append("- NEW: `").append(neu.spec()).append("` ").append(neu.version()).append("\n\n");
    b.append("In the run, ").append(c.summary().executions()).append(" executions: ");
    b.append(
        c.summary().differences().entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .map(e -> e.getKey().label() + " in " + e.getValue())
            .collect(Collectors.joining(", ")));
    b.append("; latency ").append(c.summary().latency().name().toLowerCase(Locale.ROOT));
    b.append(".\n\n");
    for (Difference d : c.execution().differences()) {
      b.append("- ").append(d.kind().label()).append(": ").append(d.detail()).append('\n');
    }
    if (c.plan() != null) {
      b.append("\nPlans (").append(String.join("; ", c.plan().reasons())).append("): ");
      b.append(c.plan().summary()).append("\n\n");
      planLines(b, "OLD", c.plan().old());
      planLines(b, "NEW", c.plan().neu());
    }
    if (c.cause() != null) {
      b.append("\n## Cause\n\n```\n");
      CauseText.lines(c.cause()).forEach(l -> b.append(l).append('\n'));
      b.append("```\n");
    }
    b.append("\n## Files\n\n");
    b.append("- `statement.sql`: the statement with its session's state (USE, SET).\n");
    b.append("- `schema.sql`: CREATE TABLE of ");
    b.append(
        tables.isEmpty()
            ? "(no table found)"
            : tables.stream().map(ReproTables.Name::quoted).collect(Collectors.joining(", ")));
    b.append(", from OLD.\n");
    if (withData) {
      b.append("- `data.sql`: their rows from OLD (");
      for (int i = 0; i < tables.size(); i++) {
        b.append(i > 0 ? ", " : "").append(tables.get(i).table()).append(' ').append(rows.get(i));
      }
      b.append(").\n");
    }
    b.append("- `old.txt`, `new.txt`: what each side returned in the run: outcome, rows, columns,");
    b.append(" warnings, errors, the rows that differed.\n");
    b.append("- `workload.jsonl`: the statement and its session's statements, for querytester.\n");
    b.append("- `run.sh`: replays it.\n");
    if (fix != null) {
      b.append("- `workload-fix.jsonl`: the same with the fix applied (").append(fix.description());
      b.append("), for `run.sh --fix`.\n");
    }
    b.append('\n');
    b.append("## Run it\n\n```\n");
    b.append("./run.sh                                   # on ").append(defaultSpec(0));
    b.append(" and ").append(defaultSpec(1)).append('\n');
    b.append(
        "OLD=jdbc:mysql://old:3306/ NEW=jdbc:mysql://new:3306/ ./run.sh   # any two servers\n");
    if (fix != null) {
      b.append(
          "./run.sh --fix                             # with the fix applied: should exit 0\n");
    }
    b.append("```\n\n");
    b.append("It runs the querytester that wrote it");
    b.append(launcher == null ? "" : " (`" + launcher + "`)");
    b.append(", else `querytester` on PATH (`QUERYTESTER=/path/to/querytester` chooses another),");
    b.append(" and exits 1");
    b.append(" when the difference is there again: expected ").append(kindsText()).append(".\n");
    if (!withData) {
      b.append("\nWithout data.sql (`repro --with-data`) the tables are empty, so a difference in");
      b.append(" rows may not show; load your own data with `./run.sh --load FILE`.\n");
    }
    b.append("\nWithout querytester: load schema.sql");
    b.append(withData ? " and data.sql" : "");
    b.append(
        " into both servers with the mysql client, run statement.sql on each and compare with");
    b.append(" old.txt and new.txt.\n");
    return b.toString();
  }

  /** The run's server options again (a config change is the difference to show). */
  private static String options(String flag, List<String> options) {
    StringBuilder b = new StringBuilder();
    for (String o : options) {
      b.append(' ').append(flag).append(" '").append(o.replace("'", "'\\''")).append('\'');
    }
    return b.toString();
  }

  private static String oneLine(String s) {
    return s.replaceAll("[\r\n]+", " ");
  }

  private static void planLines(StringBuilder b, String side, Plan p) {
    if (p == null) {
      return;
    }
    b.append("    ").append(side).append(":\n");
    p.lines().forEach(l -> b.append("      ").append(l).append('\n'));
  }
}
