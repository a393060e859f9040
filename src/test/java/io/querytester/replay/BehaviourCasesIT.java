package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunRollup;
import io.querytester.compare.RunSummary;
import io.querytester.confirm.LatencyConfirmation;
import io.querytester.drift.QuietCompare;
import io.querytester.run.DataCheck;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.LatencyCheck;
import io.querytester.server.Target;
import io.querytester.testing.CaseFolders;
import io.querytester.testing.TestServers;
import io.querytester.workload.WrittenTables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Behaviour cases as data (gh-ost style): each folder under src/test/resources/cases holds a
 * case.yaml with its servers, schema, statements and the difference kinds each statement must
 * produce ({@code allow_writes: true} replays writes too; {@code data:} names every table the
 * workload writes with how it must end on NEW, as the replay's data comparison says it). Servers
 * are started once per version pair and shared by the cases. A latency case says {@code repeat: N}
 * (each read runs N more times), {@code busy: N} (that many processes spin beside the replay and
 * the confirmation, as on a loaded CI runner) and a statement's expected {@code latency} verdict;
 * classes that hang on their latency are measured again after the replay, as a replay's report
 * does.
 */
class BehaviourCasesIT {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, List<Target>> SERVERS = new HashMap<>();

  /** A case.yaml. */
  record Case(
      String description,
      String old,
      String neu,
      String schema,
      boolean allowWrites,
      List<Step> statements,
      Map<String, DataCheck.Status> data,
      int repeat,
      int busy) {}

  /** A statement and what it must give. */
  record Step(String sql, List<DiffKind> expect, String verdict, String latency) {}

  static Stream<String> cases() throws Exception {
    return CaseFolders.names("cases");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void behavesAsTheCaseSays(String name, @TempDir Path tmp) throws Exception {
    Case c = load(name);
    List<Target> pair = servers(c.old(), c.neu());
    String db = "case_" + name.replace('-', '_');
    CaseFolders.database(pair, db, c.schema());
    Path workload =
        CaseFolders.workload(
            tmp.resolve("w.jsonl.gz"), db, c.statements().stream().map(Step::sql).toList());
    Path run = tmp.resolve("run");
    RunRollup written = new RunRollup(3);
    List<Execution> executions = new ArrayList<>();
    RunSummary summary;
    List<Process> busy = busy(c.busy());
    try {
      replay(c, workload, run, written, pair);
      RunAnalyzer.executions(run, w -> {}).forEach(executions::add);
      executions.sort(java.util.Comparator.comparingLong(Execution::event));
      assertThat(executions).hasSize(c.statements().size());
      summary = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
      // the report of a replay judges what the replay handed over as it wrote: the same as the log
      assertThat(written.events()).as(name).isEqualTo(c.statements().size());
      assertThat(new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run, written))
          .as(name)
          .usingRecursiveComparison()
          .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class) // NaN p-values
          .isEqualTo(summary);
      summary = confirmed(pair, run, summary);
      if (!c.data().isEmpty()) {
        Map<String, DataCheck.Status> ended = new TreeMap<>();
        new QuietCompare(QuietCompare.Settings.DEFAULTS, m -> {})
            .compare(
                pair.get(0), pair.get(1), WrittenTables.of(workload, e -> true, w -> {}).tables())
            .forEach(t -> ended.put(t.table().substring(db.length() + 1), t.status()));
        assertThat(ended).as("%s: data at the end", name).isEqualTo(new TreeMap<>(c.data()));
      }
    } finally {
      busy.forEach(Process::destroy);
    }
    for (int i = 0; i < c.statements().size(); i++) {
      Step step = c.statements().get(i);
      Execution e = executions.get(i);
      Set<DiffKind> actual = new TreeSet<>();
      e.differences().stream().map(Difference::kind).forEach(actual::add);
      assertThat(actual)
          .as("%s: %s (differences: %s)", name, step.sql(), e.differences())
          .containsExactlyInAnyOrderElementsOf(step.expect() == null ? List.of() : step.expect());
      ClassSummary cls =
          summary.classes().stream()
              .filter(x -> x.classId().equals(e.classId()))
              .findFirst()
              .orElseThrow();
      if (step.verdict() != null) {
        assertThat(cls.verdict().name())
            .as("%s: verdict of %s (latency %s)", name, step.sql(), cls.latencyBasis())
            .isEqualTo(step.verdict());
      }
      if (step.latency() != null) {
        assertThat(cls.latency().name())
            .as("%s: latency of %s (%s)", name, step.sql(), cls.latencyBasis())
            .isEqualTo(step.latency());
      }
    }
  }

  private static void replay(
      Case c, Path workload, Path run, RunRollup written, List<Target> pair) {
    new Replayer(CaseFolders.settings(workload, run, c.allowWrites(), c.repeat()), m -> {})
        .whenWritten(written)
        .run(pair, false);
  }

  /** The classes that hang on their latency, measured again: the run as its report judges it. */
  private static RunSummary confirmed(List<Target> pair, Path run, RunSummary summary) {
    List<LatencyCheck> checks =
        LatencyConfirmation.run(
            pair,
            run,
            new LatencyConfirmation.Settings(Duration.ofMinutes(1), Duration.ofSeconds(30)),
            GatePolicy.DEFAULT.latency(),
            summary.classes(),
            m -> {});
    return checks.isEmpty()
        ? summary
        : new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
  }

  /** Processes that keep a processor busy each, writing to nowhere, as `yes > /dev/null` does. */
  private static List<Process> busy(int n) throws java.io.IOException {
    List<Process> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new ProcessBuilder("yes").redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }
    return out;
  }

  private static Case load(String name) throws Exception {
    Map<?, ?> raw =
        YAML.readValue(
            CaseFolders.root("cases").resolve(name).resolve("case.yaml").toFile(), Map.class);
    List<Step> steps = new ArrayList<>();
    for (Object o : (List<?>) raw.get("statements")) {
      Map<?, ?> m = (Map<?, ?>) o;
      List<DiffKind> expect = new ArrayList<>();
      if (m.get("expect") instanceof List<?> l) {
        l.forEach(k -> expect.add(DiffKind.valueOf(k.toString())));
      }
      steps.add(
          new Step(
              (String) m.get("sql"), expect, (String) m.get("verdict"), (String) m.get("latency")));
    }
    Map<String, DataCheck.Status> data = new TreeMap<>();
    if (raw.get("data") instanceof Map<?, ?> m) {
      m.forEach(
          (table, status) -> data.put((String) table, DataCheck.Status.valueOf((String) status)));
    }
    return new Case(
        (String) raw.get("description"),
        String.valueOf(raw.get("old")),
        String.valueOf(raw.get("new")),
        (String) raw.get("schema"),
        Boolean.TRUE.equals(raw.get("allow_writes")),
        steps,
        data,
        raw.get("repeat") instanceof Integer r ? r : 0,
        raw.get("busy") instanceof Integer b ? b : 0);
  }

  private static synchronized List<Target> servers(String old, String neu) {
    return SERVERS.computeIfAbsent(
        old + "->" + neu,
        k -> List.of(TestServers.start("OLD", old), TestServers.start("NEW", neu)));
  }

  @AfterAll
  static void stop() {
    SERVERS.values().forEach(l -> l.forEach(Target::close));
    SERVERS.clear();
  }
}
