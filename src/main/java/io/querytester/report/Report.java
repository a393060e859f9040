package io.querytester.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything a report shows, already redacted and cut to size: the one model that the console,
 * HTML, JSON and JUnit outputs render, so that they never disagree. Serialised as {@code
 * report.json}; the field names (snake_case in JSON) are a contract, documented field by field in
 * docs/report-json.md and checked against docs/report.schema.json.
 *
 * @param format always "querytester-report"
 * @param version the report format version; a new field keeps it, a renamed or removed one bumps it
 * @param generatedAt when the report was written
 * @param tool the querytester version that wrote it
 * @param verdict REGRESSION, ACCEPTED, CHANGED or SAME
 * @param exitCode the process exit code for this verdict (0 or 1)
 * @param headline the verdict in words, as the console's first line
 * @param run what was replayed, when, for how long
 * @param servers OLD and NEW (or the single target)
 * @param variablesThatDiffer server variables with different values on OLD and NEW
 * @param totals event and class counts
 * @param differences executions and classes per difference kind, most serious kind first
 * @param classesByVerdict how many classes got each verdict
 * @param gate the thresholds this verdict was computed with
 * @param baseline the baseline of accepted differences that was applied, if any
 * @param classes query classes, worst first (cut to the limit, see {@code cut})
 * @param skipped events not replayed, by reason
 * @param health crashes and error-log classes seen on the targets
 * @param data OLD's and NEW's final data in the tables a write replay wrote; absent when none was
 *     compared (a read-only replay)
 * @param latency all executions' latency percentiles, OLD vs NEW
 * @param notes things the reader should know
 * @param cut what was left out to keep the report small
 * @param redacted whether literals and values were replaced (--redact)
 * @param findings the listed classes with differences grouped by what they share (the same error or
 *     warning with names and numbers masked, the same change of value shape, the same setting found
 *     to cause them), biggest first within each verdict
 * @param causes the cause step: the candidate settings, what it skipped; absent when it did not run
 */
public record Report(
    String format,
    int version,
    Instant generatedAt,
    String tool,
    String verdict,
    int exitCode,
    String headline,
    Run run,
    List<Server> servers,
    List<VariableDiff> variablesThatDiffer,
    Totals totals,
    List<KindCount> differences,
    Map<String, Long> classesByVerdict,
    Gate gate,
    BaselineInfo baseline,
    List<ClassEntry> classes,
    List<SkipCount> skipped,
    Health health,
    Data data,
    Curve latency,
    List<String> notes,
    List<Cut> cut,
    boolean redacted,
    List<FindingEntry> findings,
    CauseStep causes) {

  public static final String FORMAT = "querytester-report";
  public static final int VERSION = 1;

  /**
   * @param dir the run folder
   * @param workload the workload file replayed
   * @param workloadEvents events in the workload
   * @param started when the replay started
   * @param durationSeconds from the start to the last execution
   * @param settings the replay settings, as text
   * @param shards the shards this run is, or was merged from; null for a whole replay
   * @param machine the machine's load while the replay ran; null when not watched
   */
  public record Run(
      String dir,
      String workload,
      long workloadEvents,
      Instant started,
      double durationSeconds,
      Map<String, String> settings,
      Shards shards,
      Machine machine) {

    /** "4 shards merged", "shard 2 of 4", or null for a whole replay. */
    public String shardText() {
      if (shards == null) {
        return null;
      }
      return shards.index() == null
          ? shards.count() + " shards merged"
          : "shard " + shards.index() + " of " + shards.count();
    }
  }

  /**
   * The machine's load while latencies were measured (Linux's /proc).
   *
   * @param processors the processors
   * @param seconds how long it was watched
   * @param busy the share of the processors' time that was not idle, 0 to 1
   * @param steal the share a hypervisor gave to other guests
   * @param runQueue runnable tasks on average
   * @param runQueueMax the most runnable tasks at one reading
   * @param toolCpuSeconds querytester's processor time
   * @param serverCpuSeconds the processor time of each server querytester started, by label
   * @param othersCpuSeconds the busy processor time that was neither querytester's nor its servers'
   * @param saturated more runnable tasks than processors, the processors 95% busy or 10% stolen:
   *     latencies carry the wait for a processor
   */
  public record Machine(
      int processors,
      double seconds,
      double busy,
      double steal,
      double runQueue,
      int runQueueMax,
      double toolCpuSeconds,
      Map<String, Double> serverCpuSeconds,
      double othersCpuSeconds,
      boolean saturated) {}

  /**
   * @param count N, the shards the workload was cut into
   * @param index K for one shard's run; null for a merge of all N
   * @param folders the shard run folders merged, shard 1 first; empty for one shard's run
   */
  public record Shards(int count, Integer index, List<String> folders) {}

  /**
   * @param label OLD or NEW
   * @param spec the target spec, passwords masked
   * @param version the server's version string
   */
  public record Server(String label, String spec, String version) {}

  /**
   * @param name the variable
   * @param old its value on OLD
   * @param neu its value on NEW
   */
  public record VariableDiff(String name, String old, @JsonProperty("new") String neu) {}

  /**
   * @param events lines in the executions log
   * @param executed events run on both sides
   * @param skippedEvents events not run
   * @param classes query classes in the run
   * @param classesListed classes in {@code classes}
   * @param classesDetailed classes with examples, samples and a latency curve
   */
  public record Totals(
      long events,
      long executed,
      long skippedEvents,
      long classes,
      long classesListed,
      long classesDetailed) {}

  /**
   * @param kind the difference kind (DiffKind name)
   * @param label the kind in words
   * @param executions executions with this kind of difference
   * @param classes classes with it
   * @param acceptedClasses classes where a baseline accepted it
   * @param failsGate whether this kind fails the run
   */
  public record KindCount(
      String kind,
      String label,
      long executions,
      long classes,
      long acceptedClasses,
      boolean failsGate) {}

  /**
   * @param failOn difference kinds that fail the run
   * @param latencyRatio NEW/OLD ratio of p50 or p95 above which a class may be slower
   * @param latencyMinDeltaMicros and the absolute difference above which
   * @param latencyAlpha and the Mann-Whitney p-value below which; 1 - alpha is the confidence of
   *     the paired ratio's interval, which must lie above the ratio
   * @param latencyMinSamples fewer executions per side: latency not judged
   * @param maxErrorRate share of executions allowed to fail on NEW only (1 = no limit)
   * @param config the configuration file read, if any
   * @param latencyBorderlineFails whether a borderline latency fails the run (by default not)
   */
  public record Gate(
      List<String> failOn,
      double latencyRatio,
      long latencyMinDeltaMicros,
      double latencyAlpha,
      int latencyMinSamples,
      double maxErrorRate,
      String config,
      boolean latencyBorderlineFails) {}

  /**
   * @param file the baseline file
   * @param entries entries in it
   * @param applied entries that matched a difference of this run
   * @param stale entries that matched nothing (the difference is gone, or the class did not run)
   */
  public record BaselineInfo(String file, int entries, int applied, List<BaselineEntry> stale) {}

  /**
   * One accepted difference, as in the baseline file.
   *
   * @param classId the class
   * @param fingerprint its fingerprint, for the reviewer
   * @param kind the accepted difference kind
   * @param reason why it is accepted
   * @param by who accepted it
   * @param at when
   */
  public record BaselineEntry(
      String classId, String fingerprint, String kind, String reason, String by, Instant at) {}

  /**
   * One query class.
   *
   * @param classId pt-query-digest compatible class id
   * @param fingerprint the normalised statement
   * @param example one statement of the class
   * @param kind statement kind
   * @param verdict REGRESSION, ACCEPTED, NONDETERMINISTIC, CHANGED, SAME or SKIPPED
   * @param executions events run on both sides
   * @param skipped events not run
   * @param skipReason why
   * @param differences each kind of difference the class had
   * @param errors errors new on NEW, fixed on NEW, changed
   * @param nondeterminism why results may vary between runs
   * @param latency latency OLD vs NEW
   * @param detailed whether examples and the latency curve are included
   * @param examples differing executions with samples (detailed classes only)
   * @param curve latency percentiles OLD vs NEW (detailed classes only)
   * @param plan OLD's and NEW's plans of its example and what changed, for a class with a latency
   *     verdict, a row order change or a result change under ORDER BY ... LIMIT; absent otherwise
   * @param cause what explains its differences and, for a class slower on NEW, the fixes measured;
   *     absent when the cause step did not look into it
   */
  public record ClassEntry(
      String classId,
      String fingerprint,
      String example,
      String kind,
      String verdict,
      long executions,
      long skipped,
      String skipReason,
      List<ClassDiff> differences,
      Errors errors,
      List<String> nondeterminism,
      Latency latency,
      boolean detailed,
      List<Example> examples,
      Curve curve,
      PlanInfo plan,
      CauseInfo cause) {

    /** The same class with other examples (the findings read every class's, detailed or not). */
    ClassEntry withExamples(List<Example> other) {
      return new ClassEntry(
          classId,
          fingerprint,
          example,
          kind,
          verdict,
          executions,
          skipped,
          skipReason,
          differences,
          errors,
          nondeterminism,
          latency,
          detailed,
          other,
          curve,
          plan,
          cause);
    }
  }

  /**
   * What explains a class's differences, from the cause step ({@code causes.json}).
   *
   * @param status SETTINGS, NO_SETTING, NOT_REPRODUCED, NOT_RUN or NOT_EXAMINED
   * @param summary the cause in one line
   * @param events the example statements run again
   * @param attributions per difference looked into: the settings that explain it, the statement
   *     that restores OLD's behaviour, the confirmation the other way
   * @param fixes for a class slower on NEW: the best fix and every fix measured
   * @param knownChanges precheck rules that name a code change this statement meets
   */
  public record CauseInfo(
      String status,
      String summary,
      List<Long> events,
      List<io.querytester.explain.Cause.Attribution> attributions,
      io.querytester.explain.Cause.Fixes fixes,
      List<String> knownChanges) {}

  /**
   * Classes that share what they differ by: one thing to look at.
   *
   * @param kind the difference kind of its first class's first failing difference
   * @param verdict its first class's verdict
   * @param why what the classes share, in words (with the first class's own value or message)
   * @param cause the cause the classes share (its first class's cause step summary), absent when
   *     none was found
   * @param classIds the classes, worst first
   * @param executions their executions
   */
  public record FindingEntry(
      String kind,
      String verdict,
      String why,
      String cause,
      List<String> classIds,
      long executions) {}

  /**
   * The cause step of the run.
   *
   * @param candidates the settings that differ and that NEW takes at OLD's value for a session, the
   *     user's options first
   * @param excluded the differing variables and parts that are no candidates, with why
   * @param seconds how long the step took
   * @param budgetSeconds its time budget
   * @param skipped what it did not do, and why
   * @param unavailable why it could not run on the servers, absent when it ran
   */
  public record CauseStep(
      List<io.querytester.explain.Setting> candidates,
      List<io.querytester.explain.SettingsDelta.Excluded> excluded,
      double seconds,
      double budgetSeconds,
      List<String> skipped,
      String unavailable) {}

  /**
   * The plans of a class's example statement on OLD and NEW.
   *
   * @param status SAME (the cause is elsewhere), DIFFERENT or UNAVAILABLE
   * @param summary the comparison in one line
   * @param reasons why the plan was read
   * @param event the example's line in the workload
   * @param changes what changed in the plan (join order, access, key, temporary table, filesort,
   *     subquery strategy)
   * @param estimates changed estimates (rows, filtered), which alone are not another plan
   * @param old OLD's plan, absent if it could not be read
   * @param neu NEW's plan
   * @param oldError why OLD's plan could not be read
   * @param newError why NEW's plan could not be read
   */
  public record PlanInfo(
      String status,
      String summary,
      List<String> reasons,
      long event,
      List<String> changes,
      List<String> estimates,
      io.querytester.explain.Plan old,
      @JsonProperty("new") io.querytester.explain.Plan neu,
      String oldError,
      String newError) {}

  /**
   * @param kind difference kind
   * @param label in words
   * @param executions executions with it
   * @param failsGate whether it fails the run under the gate
   * @param acceptedReason the baseline's reason when it is accepted
   */
  public record ClassDiff(
      String kind, String label, long executions, boolean failsGate, String acceptedReason) {}

  /**
   * @param neu executions failing on NEW only
   * @param fixed executions failing on OLD only
   * @param changed executions failing on both with different errors
   */
  public record Errors(@JsonProperty("new") long neu, long fixed, long changed) {}

  /**
   * @param old percentiles on OLD
   * @param neu percentiles on NEW
   * @param p50Ratio NEW p50 / OLD p50, absent without data
   * @param p99Ratio NEW p99 / OLD p99
   * @param verdict IMPROVED, SAME, DEGRADED, BORDERLINE or CANNOT_EVALUATE
   * @param pValue the Mann-Whitney p-value behind the verdict, absent when not computed
   * @param interval NEW/OLD over the replay's paired executions with its confidence interval;
   *     absent with too few pairs
   * @param replayVerdict the verdict of the replay's executions alone, absent when a confirmation
   *     left it as it was
   * @param confirmation the second measurement after the replay, absent when there was none
   */
  public record Latency(
      Percentiles old,
      @JsonProperty("new") Percentiles neu,
      Double p50Ratio,
      Double p99Ratio,
      String verdict,
      Double pValue,
      Interval interval,
      String replayVerdict,
      Confirmation confirmation) {

    public Latency(
        Percentiles old,
        Percentiles neu,
        Double p50Ratio,
        Double p99Ratio,
        String verdict,
        Double pValue) {
      this(old, neu, p50Ratio, p99Ratio, verdict, pValue, null, null, null);
    }
  }

  /**
   * NEW's latency over OLD's, from paired executions (one statement on both sides at one moment):
   * the Hodges-Lehmann estimate and the confidence interval of Wilcoxon's signed-rank test.
   *
   * @param estimate NEW/OLD
   * @param low the interval's lower end; absent when the pairs are too few to bound it
   * @param high its upper end; absent as above
   * @param confidence e.g. 0.99
   * @param pairs the pairs it rests on
   * @param deltaMicros NEW minus OLD, estimated the same way
   */
  public record Interval(
      double estimate, Double low, Double high, double confidence, long pairs, long deltaMicros) {}

  /**
   * A class measured again after the replay, OLD and NEW in turn, before its latency may fail the
   * run.
   *
   * @param outcome HELD (a regression), NOT_HELD, UNDECIDED (borderline) or NOT_RUN (the replay's
   *     verdict stands)
   * @param interval NEW/OLD over the measured pairs; absent when nothing was measured
   * @param oldP50Micros OLD's median in the measurement
   * @param newP50Micros NEW's
   * @param events the example statements measured (workload lines)
   * @param seconds how long it took
   * @param error why nothing was measured
   * @param machine the machine's load meanwhile
   */
  public record Confirmation(
      String outcome,
      Interval interval,
      Long oldP50Micros,
      Long newP50Micros,
      List<Long> events,
      double seconds,
      String error,
      Machine machine) {}

  /** Latency percentiles in microseconds. */
  public record Percentiles(long count, long p50, long p95, long p99, long max) {}

  /**
   * A differing execution.
   *
   * @param event its line in the workload
   * @param sql the statement
   * @param oldError OLD's error, if it failed
   * @param newError NEW's error, if it failed
   * @param differences what differed
   */
  public record Example(
      long event, String sql, String oldError, String newError, List<Diff> differences) {}

  /**
   * @param kind difference kind
   * @param detail in words
   * @param samples differing rows, for row differences
   */
  public record Diff(String kind, String detail, Samples samples) {}

  /**
   * Rows that one side returned and the other did not. SQL NULL is JSON null.
   *
   * @param columns column names
   * @param onlyOld rows only OLD returned
   * @param onlyNew rows only NEW returned
   * @param truncated whether more differing rows existed than are shown
   */
  public record Samples(
      List<String> columns,
      List<List<String>> onlyOld,
      List<List<String>> onlyNew,
      boolean truncated) {}

  /**
   * A latency percentile distribution, as HdrHistogram prints it.
   *
   * @param unit always "microseconds"
   * @param old points on OLD
   * @param neu points on NEW
   */
  public record Curve(String unit, List<Point> old, @JsonProperty("new") List<Point> neu) {}

  /**
   * @param percentile 0 to 100
   * @param micros the latency at that percentile
   */
  public record Point(double percentile, long micros) {}

  /**
   * @param reason why not replayed
   * @param events how many
   */
  public record SkipCount(String reason, long events) {}

  /**
   * What the health watch saw; empty lists when it saw nothing or did not run.
   *
   * @param targets each side: crashes, restarts, uptime at the end, statements, error log read
   * @param crashes crashes, restarts, lost servers, with the statements in flight
   * @param errorLog error-log classes logged during the replay on one side only or far more often
   * @param counters trouble counters that rose during the replay, OLD and NEW side by side
   * @param other anything else it reported (what it could not read)
   */
  public record Health(
      List<HealthTarget> targets,
      List<Finding> crashes,
      List<Finding> errorLog,
      List<Counter> counters,
      List<Finding> other) {}

  /**
   * OLD's and NEW's final contents of the tables a write replay wrote, compared after it (chunk
   * checksums, as drift), OLD as the reference.
   *
   * @param verdict EQUAL (every table the same), DIFFERENT (some table differs or exists on one
   *     side only), INCOMPLETE (the rest equal, some tables not compared), NOT_COMPARED (the
   *     comparison could not run), NONE (the workload wrote no table)
   * @param summary the comparison in one line, as the console prints it
   * @param failsGate whether a difference fails the run (DATA in the gate's fail_on)
   * @param chunks chunks compared, all tables together
   * @param rows OLD's rows compared
   * @param seconds how long the comparison took
   * @param problem why the comparison could not run
   * @param tables every table the workload wrote, by name; their values redacted with --redact and
   *     cut to the report's limits
   * @param notes what was not compared and why
   */
  public record Data(
      String verdict,
      String summary,
      boolean failsGate,
      long chunks,
      long rows,
      double seconds,
      String problem,
      List<io.querytester.run.DataCheck.Table> tables,
      List<String> notes) {}

  /**
   * @param side OLD or NEW
   * @param crashes crashes seen
   * @param restarts restarts done by the watch
   * @param down why the side stopped before the end, absent if it did not
   * @param uptimeEnd the server's uptime (s) at the end, absent if it was down
   * @param statements statements run on it
   * @param errorLog where its error log was read from, absent if nowhere
   * @param startupClasses error-log classes logged before the replay (start-up noise, kept apart)
   * @param complete false when the tool stopped before the watch wrote this side's summary
   */
  public record HealthTarget(
      String side,
      int crashes,
      int restarts,
      String down,
      Long uptimeEnd,
      long statements,
      String errorLog,
      int startupClasses,
      boolean complete) {}

  /**
   * @param name status variable, InnoDB metric (innodb_metrics.*) or MySQL 8 error (error ...)
   * @param old its rise on OLD during the replay
   * @param neu its rise on NEW
   * @param oldPer1000 per 1,000 statements on OLD (absent for high-water marks)
   * @param newPer1000 per 1,000 statements on NEW
   * @param worseOnNew NEW rose at least twice as fast and by at least three more
   */
  public record Counter(
      String name,
      Long old,
      @JsonProperty("new") Long neu,
      Double oldPer1000,
      Double newPer1000,
      boolean worseOnNew) {}

  /**
   * @param side OLD or NEW
   * @param title one line
   * @param detail more text
   * @param count how many times
   * @param at first seen
   * @param statements for a crash, the statements in flight (the prime suspects)
   */
  public record Finding(
      String side,
      String title,
      String detail,
      long count,
      Instant at,
      List<FindingStatement> statements) {}

  /**
   * @param event its line in the workload
   * @param classId its query class
   * @param sql the statement (redacted with --redact)
   */
  public record FindingStatement(long event, String classId, String sql) {}

  /**
   * @param what what was cut (classes, detailed classes, examples, sample rows, sample columns,
   *     values)
   * @param shown how many are in the report in full
   * @param total how many there were
   * @param option the option (or configuration key) that raises the limit
   */
  public record Cut(String what, long shown, long total, String option) {}
}
