package io.querytester.report;

import io.querytester.TextCut;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.ClassVerdict;
import io.querytester.compare.Diagnostics;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunSummary;
import io.querytester.explain.Cause;
import io.querytester.explain.Causes;
import io.querytester.explain.PlanComparison;
import io.querytester.explain.Plans;
import io.querytester.explain.SettingsDelta;
import io.querytester.run.DataCheck;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.HealthReport;
import io.querytester.run.RunInfo;
import io.querytester.server.JdbcUrls;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Turns a run's summary into the {@link Report} every output renders: redacted, with passwords
 * masked, and cut to the limits (classes listed, classes detailed, examples, rows, value length,
 * and a budget for all user text in the details), saying what was cut.
 */
public final class ReportBuilder {
  /** Columns shown of a row sample; wider results are rare and unreadable anyway. */
  static final int MAX_SAMPLE_COLUMNS = 40;

  private final ReportSettings settings;
  private final ReportLimits limits;
  private final GatePolicy gate;
  private final Redaction redaction;
  private final Consumer<String> warnings;
  private long budget;
  private long values;
  private long valuesCut;
  private long rows;
  private long rowsShown;
  private long samples;
  private long samplesNarrowed;
  private long examples;
  private long examplesShown;
  private long classesOverBudget;

  public ReportBuilder(ReportSettings settings, Consumer<String> warnings) {
    this.settings = settings;
    this.limits = settings.limits();
    this.gate = settings.gate();
    this.redaction = settings.redacting() ? Redaction.on() : Redaction.off();
    this.warnings = warnings;
    this.budget = limits.maxDetailChars();
  }

  /**
   * @param summary the analysed run
   * @param runDir its folder (for the latency histograms)
   * @param baseline the baseline that was applied, or null
   * @param now the report's time
   */
  public Report build(RunSummary summary, Path runDir, Baseline baseline, Instant now) {
    List<ClassSummary> all = summary.classes();
    List<ClassSummary> listed = all.subList(0, Math.min(all.size(), limits.maxClasses()));
    Set<String> detailed = detailCandidates(listed);
    Histograms histograms = Histograms.read(runDir, detailed, warnings);
    Map<String, PlanComparison> plans = Plans.load(runDir);
    Causes.Found found = Causes.load(runDir);
    Map<String, Cause> causes = found == null ? Map.of() : found.byClass();
    List<Report.ClassEntry> classes = new ArrayList<>();
    long detailedCount = 0;
    for (ClassSummary c : listed) {
      Report.ClassEntry e =
          entry(
              c,
              detailed.contains(c.classId()),
              histograms,
              plans.get(c.classId()),
              causes.get(c.classId()));
      detailedCount += e.detailed() ? 1 : 0;
      classes.add(e);
    }
    List<Report.FindingEntry> findings = findings(listed, classes);
    return new Report(
        Report.FORMAT,
        Report.VERSION,
        now,
        tool(),
        summary.verdict().name(),
        summary.regressions() ? 1 : 0,
        headline(summary),
        run(summary, runDir),
        servers(summary.info()),
        variables(summary.variablesThatDiffer()),
        new Report.Totals(
            summary.events(),
            summary.executed(),
            summary.skipped().values().stream().mapToLong(Long::longValue).sum(),
            all.size(),
            classes.size(),
            detailedCount),
        kinds(summary),
        verdicts(summary),
        gateInfo(),
        baselineInfo(baseline),
        classes,
        summary.skipped().entrySet().stream()
            .map(e -> new Report.SkipCount(e.getKey(), e.getValue()))
            .toList(),
        health(summary.health()),
        data(runDir),
        histograms.overall(),
        notes(summary),
        cuts(
            all.size(),
            classes.size(),
            listed.stream().filter(c -> c.verdict() != ClassVerdict.SKIPPED).count(),
            detailed.size(),
            detailedCount),
        redaction.enabled(),
        findings,
        causeStep(found));
  }

  /**
   * The findings of the listed classes. Every class counts, detailed or not: a class past the
   * detail limit is read with its examples too (redacted, not kept in the report), so that three
   * thousand classes of one cause are one finding and not two hundred and one.
   */
  private List<Report.FindingEntry> findings(
      List<ClassSummary> listed, List<Report.ClassEntry> classes) {
    List<Report.ClassEntry> read = new ArrayList<>(classes.size());
    for (int i = 0; i < classes.size(); i++) {
      Report.ClassEntry e = classes.get(i);
      read.add(e.detailed() ? e : e.withExamples(triageExamples(listed.get(i))));
    }
    return Findings.of(read).stream()
        .map(
            f ->
                new Report.FindingEntry(
                    f.kind(),
                    f.verdict(),
                    f.why(),
                    f.cause(),
                    f.classes().stream().map(Report.ClassEntry::classId).toList(),
                    f.executions()))
        .toList();
  }

  /** A class's examples as the findings read them: redacted, outside the details budget. */
  private List<Report.Example> triageExamples(ClassSummary c) {
    List<Report.Example> out = new ArrayList<>();
    for (ClassSummary.Example x : c.examples()) {
      List<Report.Diff> diffs = new ArrayList<>();
      for (Difference d : x.differences()) {
        Difference.RowSamples s = d.samples();
        Report.Samples samples =
            s == null
                ? null
                : new Report.Samples(
                    s.columns(), redacted(s.onlyOld()), redacted(s.onlyNew()), s.truncated());
        diffs.add(new Report.Diff(d.kind().name(), detail(d), samples));
      }
      out.add(new Report.Example(x.event(), null, null, null, diffs));
    }
    return out;
  }

  private List<List<String>> redacted(List<List<String>> rows) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows.subList(0, Math.min(rows.size(), limits.maxSampleRows()))) {
      out.add(row.stream().map(v -> value(redaction.value(v))).toList());
    }
    return out;
  }

  private Report.CauseInfo cause(Cause c) {
    if (c == null) {
      return null;
    }
    Cause.Fixes f = c.fixes();
    Cause.Fixes fixes =
        f == null
            ? null
            : new Cause.Fixes(
                fixStatement(f.best()),
                f.tried().stream().map(this::fixStatement).toList(),
                f.skipped());
    return new Report.CauseInfo(
        c.status(), c.summary(), c.events(), c.attributions(), fixes, c.knownChanges());
  }

  /** A hint fix is the statement rewritten: redacted as a statement; a SET is settings only. */
  private Cause.Fix fixStatement(Cause.Fix f) {
    if (f == null || !"hint".equals(f.kind())) {
      return f;
    }
    return new Cause.Fix(
        f.kind(),
        f.description(),
        statement(f.statement()),
        f.rowsSame(),
        f.oldP50(),
        f.newP50(),
        f.ratio(),
        f.pValue(),
        f.verdict(),
        f.fixes(),
        f.note());
  }

  private static Report.CauseStep causeStep(Causes.Found f) {
    if (f == null) {
      return null;
    }
    SettingsDelta d = f.delta();
    return new Report.CauseStep(
        d == null ? List.of() : d.candidates(),
        d == null ? List.of() : d.excluded(),
        f.seconds(),
        f.budgetSeconds(),
        f.skipped(),
        f.unavailable());
  }

  private Set<String> detailCandidates(List<ClassSummary> listed) {
    Set<String> out = new HashSet<>();
    for (ClassSummary c : listed) {
      if (out.size() >= limits.maxDetailedClasses()) {
        break;
      }
      if (c.verdict() != ClassVerdict.SKIPPED) {
        out.add(c.classId());
      }
    }
    return out;
  }

  private Report.ClassEntry entry(
      ClassSummary c,
      boolean wantDetails,
      Histograms histograms,
      PlanComparison plan,
      Cause cause) {
    boolean detailed = wantDetails && budget > 0;
    if (wantDetails && !detailed) {
      classesOverBudget++;
    }
    List<Report.Example> examples = detailed ? examples(c) : List.of();
    return new Report.ClassEntry(
        c.classId(),
        c.fingerprint(),
        statement(c.example()),
        c.kind(),
        c.verdict().name(),
        c.executions(),
        c.skipped(),
        c.skipReason(),
        classDiffs(c),
        new Report.Errors(
            c.differences().getOrDefault(DiffKind.ERROR_NEW, 0L),
            c.differences().getOrDefault(DiffKind.ERROR_FIXED, 0L),
            c.differences().getOrDefault(DiffKind.ERROR_CHANGED, 0L)),
        c.nondeterminism(),
        latency(c),
        detailed,
        examples,
        detailed ? histograms.curve(c.classId()) : null,
        plan(plan),
        cause(cause));
  }

  private Report.PlanInfo plan(PlanComparison p) {
    if (p == null) {
      return null;
    }
    return new Report.PlanInfo(
        p.status(),
        diagnostics(p.summary()),
        p.reasons(),
        p.event(),
        p.changes(),
        p.estimates(),
        p.old(),
        p.neu(),
        p.oldError() == null ? null : diagnostics(p.oldError()),
        p.newError() == null ? null : diagnostics(p.newError()));
  }

  private List<Report.ClassDiff> classDiffs(ClassSummary c) {
    List<Report.ClassDiff> out = new ArrayList<>();
    c.differences()
        .forEach(
            (k, n) ->
                out.add(
                    new Report.ClassDiff(
                        k.name(), k.label(), n, gate.fails(k), c.accepted().get(k))));
    return out;
  }

  private List<Report.Example> examples(ClassSummary c) {
    List<Report.Example> out = new ArrayList<>();
    for (ClassSummary.Example x : c.examples()) {
      examples++;
      if (out.size() >= limits.maxExamples() || budget <= 0) {
        continue;
      }
      examplesShown++;
      List<Report.Diff> diffs = new ArrayList<>();
      for (Difference d : x.differences()) {
        diffs.add(new Report.Diff(d.kind().name(), spend(detail(d)), samples(d.samples())));
      }
      out.add(
          new Report.Example(
              x.event(),
              spend(statement(x.sql())),
              spend(value(redaction.message(x.oldError()))),
              spend(value(redaction.message(x.newError()))),
              diffs));
    }
    return out;
  }

  private String detail(Difference d) {
    return switch (d.kind()) {
      case ERROR_NEW, ERROR_CHANGED, ERROR_FIXED, ERROR_TEXT, WARNINGS, CONNECTION_LOST ->
          value(redaction.message(d.detail()));
      case DIAGNOSTICS -> diagnostics(d.detail());
      default -> value(JdbcUrls.mask(d.detail()));
    };
  }

  private Report.Samples samples(Difference.RowSamples s) {
    if (s == null) {
      return null;
    }
    int columns = Math.min(s.columns().size(), MAX_SAMPLE_COLUMNS);
    samples++;
    if (s.columns().size() > columns) {
      samplesNarrowed++;
    }
    boolean truncated = s.truncated();
    List<List<String>> old = rows(s.onlyOld(), columns);
    List<List<String>> neu = rows(s.onlyNew(), columns);
    if (old.size() < s.onlyOld().size() || neu.size() < s.onlyNew().size()) {
      truncated = true;
    }
    return new Report.Samples(
        s.columns().subList(0, columns).stream().map(this::spend).toList(), old, neu, truncated);
  }

  private List<List<String>> rows(List<List<String>> rows, int columns) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows) {
      this.rows++;
      if (out.size() >= limits.maxSampleRows() || budget <= 0) {
        continue;
      }
      rowsShown++;
      List<String> r = new ArrayList<>(Math.min(columns, row.size()));
      for (int i = 0; i < Math.min(columns, row.size()); i++) {
        r.add(spend(value(redaction.value(row.get(i)))));
      }
      out.add(r);
    }
    return out;
  }

  /** The statement a DIAGNOSTICS difference names is redacted as a statement, the rest as text. */
  private String diagnostics(String detail) {
    int at = detail.indexOf(Diagnostics.STATEMENT_FOLLOWS);
    if (at < 0) {
      return value(redaction.message(detail));
    }
    int sql = at + Diagnostics.STATEMENT_FOLLOWS.length();
    return value(redaction.message(detail.substring(0, sql))) + statement(detail.substring(sql));
  }

  private String statement(String sql) {
    if (sql == null) {
      return null;
    }
    return cut(redaction.statement(sql), limits.maxStatementChars());
  }

  private String value(String v) {
    return v == null ? null : cut(v, limits.maxValueChars());
  }

  private String cut(String s, int max) {
    values++;
    if (s.length() <= max) {
      return s;
    }
    valuesCut++;
    int end = TextCut.end(s, max);
    return s.substring(0, end) + "... (" + (s.length() - end) + " more characters)";
  }

  /** Counts user text against the details budget. */
  private String spend(String s) {
    if (s != null) {
      budget -= s.length() + 8;
    }
    return s;
  }

  private static Report.Latency latency(ClassSummary c) {
    ClassSummary.Percentiles o = c.oldLatency();
    ClassSummary.Percentiles n = c.newLatency();
    return LatencyEvidence.of(
        c,
        new Report.Latency(
            percentiles(o),
            percentiles(n),
            ratio(o.count(), o.p50(), n.count(), n.p50()),
            ratio(o.count(), o.p99(), n.count(), n.p99()),
            c.latency() == null ? null : c.latency().name(),
            Double.isNaN(c.pValue()) ? null : round(c.pValue(), 6)));
  }

  private static Report.Percentiles percentiles(ClassSummary.Percentiles p) {
    return p == null
        ? new Report.Percentiles(0, 0, 0, 0, 0)
        : new Report.Percentiles(p.count(), p.p50(), p.p95(), p.p99(), p.max());
  }

  static Double ratio(long oldCount, long old, long newCount, long neu) {
    if (oldCount == 0 || newCount == 0 || old <= 0) {
      return null;
    }
    return round((double) neu / old, 3);
  }

  private static double round(double v, int digits) {
    double f = Math.pow(10, digits);
    return Math.round(v * f) / f;
  }

  static String headline(RunSummary s) {
    long regressions = s.classesByVerdict().getOrDefault(ClassVerdict.REGRESSION, 0L);
    long accepted = s.classesByVerdict().getOrDefault(ClassVerdict.ACCEPTED, 0L);
    long changed = s.classesByVerdict().getOrDefault(ClassVerdict.CHANGED, 0L);
    return switch (s.verdict()) {
      case REGRESSION ->
          regressions > 0
              ? "REGRESSIONS: " + regressions + " of " + s.classes().size() + " query classes"
              : "REGRESSIONS: " + String.join("; ", s.notes());
      case ACCEPTED ->
          "NO REGRESSIONS ("
              + accepted
              + plural(accepted, " class")
              + " with accepted differences)";
      case CHANGED ->
          "NO REGRESSIONS (minor differences in " + changed + plural(changed, " class") + ")";
      default -> "NO REGRESSIONS";
    };
  }

  private static String plural(long n, String word) {
    return n == 1 ? word : word + "es";
  }

  private Report.Run run(RunSummary s, Path runDir) {
    RunInfo info = s.info();
    Map<String, String> settingsText = new LinkedHashMap<>();
    if (info.settings() != null) {
      info.settings().forEach((k, v) -> settingsText.put(k, JdbcUrls.mask(v)));
    }
    return new Report.Run(
        runDir.toAbsolutePath().normalize().toString(),
        info.workload(),
        info.workloadEvents(),
        info.started(),
        round(s.durationSeconds(), 3),
        settingsText,
        shards(info),
        LatencyEvidence.machine(info.machine()));
  }

  private static Report.Shards shards(RunInfo info) {
    if (info.shards() != null && !info.shards().isEmpty()) {
      return new Report.Shards(info.shards().size(), null, info.shards());
    }
    if (info.shard() != null) {
      return new Report.Shards(info.shard().count(), info.shard().index(), List.of());
    }
    return null;
  }

  private static List<Report.Server> servers(RunInfo info) {
    return info.targets().stream()
        .map(t -> new Report.Server(t.label(), JdbcUrls.mask(t.spec()), t.version()))
        .toList();
  }

  private static List<Report.VariableDiff> variables(Map<String, List<String>> diff) {
    List<Report.VariableDiff> out = new ArrayList<>();
    diff.forEach(
        (name, v) ->
            out.add(
                new Report.VariableDiff(
                    name, JdbcUrls.mask(v.get(0)), JdbcUrls.mask(v.size() > 1 ? v.get(1) : null))));
    return out;
  }

  private List<Report.KindCount> kinds(RunSummary s) {
    Map<DiffKind, long[]> classes = new EnumMap<>(DiffKind.class);
    for (ClassSummary c : s.classes()) {
      for (DiffKind k : c.differences().keySet()) {
        long[] n = classes.computeIfAbsent(k, x -> new long[2]);
        n[0]++;
        if (c.accepted().containsKey(k)) {
          n[1]++;
        }
      }
    }
    List<Report.KindCount> out = new ArrayList<>();
    for (DiffKind k : DiffKind.values()) {
      Long executions = s.byKind().get(k);
      if (executions != null) {
        long[] n = classes.getOrDefault(k, new long[2]);
        out.add(new Report.KindCount(k.name(), k.label(), executions, n[0], n[1], gate.fails(k)));
      }
    }
    return out;
  }

  private static Map<String, Long> verdicts(RunSummary s) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (ClassVerdict v : ClassVerdict.values()) {
      out.put(v.name(), s.classesByVerdict().getOrDefault(v, 0L));
    }
    return out;
  }

  private Report.Gate gateInfo() {
    return new Report.Gate(
        gate.failing().stream().sorted().map(DiffKind::name).toList(),
        gate.latency().ratio(),
        gate.latency().minDeltaMicros(),
        gate.latency().alpha(),
        gate.latency().minSamples(),
        gate.maxErrorRate(),
        settings.source() == null ? null : settings.source().toString(),
        gate.latency().borderlineFails());
  }

  private static Report.BaselineInfo baselineInfo(Baseline b) {
    if (b == null) {
      return null;
    }
    return new Report.BaselineInfo(
        b.file().toString(),
        b.entries().size(),
        b.applied(),
        b.stale().stream()
            .map(
                e ->
                    new Report.BaselineEntry(
                        e.classId(), e.fingerprint(), e.kind().name(), e.reason(), e.by(), e.at()))
            .toList());
  }

  private Report.Health health(HealthReport h) {
    return new ReportHealth(this::statement, m -> value(redaction.message(m))).of(h);
  }

  private Report.Data data(Path runDir) {
    return new ReportData(
            v -> value(redaction.value(v)),
            m -> value(redaction.message(m)),
            limits.maxSampleRows(),
            gate.fails(DiffKind.DATA))
        .of(DataCheck.read(runDir));
  }

  private static List<String> notes(RunSummary s) {
    String saturated = LatencyEvidence.saturationNote(LatencyEvidence.machine(s.info().machine()));
    if (saturated == null) {
      return List.copyOf(s.notes());
    }
    List<String> out = new ArrayList<>(s.notes());
    out.add(saturated);
    return out;
  }

  private List<Report.Cut> cuts(
      int classes, int listed, long detailable, int wanted, long detailed) {
    List<Report.Cut> out = new ArrayList<>();
    if (listed < classes) {
      out.add(new Report.Cut("classes listed", listed, classes, "--max-classes"));
    }
    if (classesOverBudget > 0) {
      out.add(
          new Report.Cut(
              "classes detailed within the size budget", detailed, wanted, "max_detail_chars"));
    }
    if (wanted < detailable) {
      out.add(new Report.Cut("classes detailed", wanted, detailable, "--max-detailed-classes"));
    }
    if (examplesShown < examples) {
      out.add(
          new Report.Cut("differing executions shown", examplesShown, examples, "--max-examples"));
    }
    if (rowsShown < rows) {
      out.add(new Report.Cut("differing rows shown", rowsShown, rows, "--max-sample-rows"));
    }
    if (samplesNarrowed > 0) {
      out.add(
          new Report.Cut(
              "row samples shown with all columns (at most " + MAX_SAMPLE_COLUMNS + ")",
              samples - samplesNarrowed,
              samples,
              "(fixed)"));
    }
    if (valuesCut > 0) {
      out.add(
          new Report.Cut(
              "values and statements shown in full",
              values - valuesCut,
              values,
              "--max-value-chars"));
    }
    return out;
  }

  private static String tool() {
    String v = ReportBuilder.class.getPackage().getImplementationVersion();
    return "querytester " + (v == null ? "development build" : v);
  }
}
