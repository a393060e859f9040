package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.querytester.advisor.RuleBook;
import io.querytester.advisor.StatementChanges;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.LatencyThresholds;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.replay.Replayer;
import io.querytester.server.Target;
import io.querytester.testing.CaseFolders;
import io.querytester.testing.TestServers;
import io.querytester.workload.QueryClass;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cause cases as data: each folder under src/test/resources/cause-cases holds a case.yaml with its
 * servers (a version and the server options of each side), schema and statements, and what the
 * cause step must say of each statement's class: its status, the settings that explain it, the
 * statement that restores OLD's behaviour, the confirmation, a known code change, the best fix. A
 * case is replayed, its plans read and its causes looked for on real servers, as {@code replay}
 * does; servers are started once per version and options, and shared by the cases.
 */
class CauseCasesIT {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, Target> SERVERS = new HashMap<>();

  /** A case.yaml. */
  record Case(
      String description,
      String old,
      String neu,
      List<String> oldOptions,
      List<String> newOptions,
      String schema,
      int repeat,
      List<Step> statements) {}

  /** A statement and what the cause step must say of its class. */
  record Step(
      String sql,
      String status,
      List<String> settings,
      String restore,
      Boolean confirmed,
      String confirmation,
      String known,
      String latency,
      String fix) {}

  static Stream<String> cases() throws Exception {
    return CaseFolders.names("cause-cases");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theCauseStepSaysWhatTheCaseSays(String name, @TempDir Path tmp) throws Exception {
    Case c = load(name);
    List<Target> pair =
        List.of(server("OLD", c.old(), c.oldOptions()), server("NEW", c.neu(), c.newOptions()));
    String db = "cause_" + name.replace('-', '_');
    CaseFolders.database(pair, db, c.schema());
    Path run = replay(tmp, db, c, pair);
    RunSummary summary = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run);
    Plans.read(
        pair,
        run,
        new Plans.Settings(PlanMode.EXPLAIN, Duration.ofSeconds(30)),
        summary::classes,
        m -> {});
    Causes.Found found =
        Causes.find(
            pair,
            run,
            new Causes.Settings(
                true,
                Duration.ofMinutes(3),
                Duration.ofSeconds(30),
                LatencyThresholds.DEFAULT,
                c.oldOptions(),
                c.newOptions()),
            summary::classes,
            new StatementChanges(RuleBook.shipped())::of,
            Clock.systemUTC(),
            m -> {});
    assertThat(found).as(name).isNotNull();
    assertThat(found.unavailable()).as(name).isNull();
    // what a later `report RUN_DIR` reads is what was found (compared in parts: a failing
    // comparison of the whole prints hundreds of excluded variables)
    Causes.Found loaded = Causes.load(run);
    assertThat(loaded.classes()).as(name).isEqualTo(found.classes());
    assertThat(loaded.delta().candidates()).as(name).isEqualTo(found.delta().candidates());
    assertThat(loaded.delta().excluded().equals(found.delta().excluded()))
        .as("%s: the excluded variables read back as written", name)
        .isTrue();
    for (Step step : c.statements()) {
      String id = QueryClass.of(step.sql()).classId();
      if (step.latency() != null) {
        ClassSummary cls =
            summary.classes().stream()
                .filter(x -> x.classId().equals(id))
                .findFirst()
                .orElseThrow();
        assertThat(cls.latency().name())
            .as("%s: the replay's latency verdict", name)
            .isEqualTo(step.latency());
      }
      Cause cause = found.byClass().get(id);
      assertThat(cause).as("%s: a cause for %s", name, step.sql()).isNotNull();
      assertThat(cause.status()).as("%s: %s", name, cause).isEqualTo(step.status());
      if (step.settings() != null) {
        Cause.Attribution a =
            cause.attributions().stream()
                .filter(x -> Cause.SETTINGS.equals(x.status()))
                .findFirst()
                .orElseThrow();
        assertThat(a.settings().stream().map(Setting::label).toList())
            .as("%s: %s", name, cause.summary())
            .containsExactlyInAnyOrderElementsOf(step.settings());
        assertThat(a.narrowed()).as(name).isTrue();
        if (step.restore() != null) {
          assertThat(a.restore()).as(name).isEqualTo(step.restore());
        }
        if (step.confirmed() != null) {
          assertThat(a.confirmed())
              .as("%s: %s", name, a.confirmation())
              .isEqualTo(step.confirmed());
        }
        if (step.confirmation() != null) {
          assertThat(a.confirmation()).as(name).startsWith(step.confirmation());
        }
      }
      if (step.known() != null) {
        assertThat(cause.knownChanges()).as(name).anyMatch(k -> k.startsWith(step.known()));
        assertThat(cause.summary()).as(name).contains("no setting explains");
      }
      if (step.fix() != null) {
        assertThat(cause.fixes()).as(name).isNotNull();
        assertThat(cause.fixes().best()).as("%s: %s", name, cause.fixes()).isNotNull();
        assertThat(cause.fixes().best().description()).as(name).contains(step.fix());
        assertThat(cause.fixes().best().rowsSame()).as(name).isTrue();
        assertThat(cause.fixes().best().ratio()).as(name).isLessThan(1.3);
      }
    }
  }

  private static Path replay(Path tmp, String db, Case c, List<Target> pair) throws Exception {
    Path workload =
        CaseFolders.workload(
            tmp.resolve("w.jsonl.gz"), db, c.statements().stream().map(Step::sql).toList());
    Path run = tmp.resolve("run");
    new Replayer(CaseFolders.settings(workload, run, false, c.repeat()), m -> {}).run(pair, false);
    return run;
  }

  private static Case load(String name) throws Exception {
    Map<?, ?> raw =
        YAML.readValue(
            CaseFolders.root("cause-cases").resolve(name).resolve("case.yaml").toFile(), Map.class);
    List<Step> steps = new ArrayList<>();
    for (Object o : (List<?>) raw.get("statements")) {
      Map<?, ?> m = (Map<?, ?>) o;
      steps.add(
          new Step(
              (String) m.get("sql"),
              (String) m.get("status"),
              strings(m.get("settings")),
              (String) m.get("restore"),
              (Boolean) m.get("confirmed"),
              (String) m.get("confirmation"),
              (String) m.get("known"),
              (String) m.get("latency"),
              (String) m.get("fix")));
    }
    return new Case(
        (String) raw.get("description"),
        String.valueOf(raw.get("old")),
        String.valueOf(raw.get("new")),
        orEmpty(strings(raw.get("old_options"))),
        orEmpty(strings(raw.get("new_options"))),
        (String) raw.get("schema"),
        raw.get("repeat") instanceof Integer r ? r : 0,
        steps);
  }

  private static List<String> strings(Object o) {
    return o instanceof List<?> l ? l.stream().map(String::valueOf).toList() : null;
  }

  private static List<String> orEmpty(List<String> l) {
    return l == null ? List.of() : l;
  }

  /** One server per version and options, shared by the cases (OLD and NEW by its first use). */
  private static synchronized Target server(String label, String version, List<String> options) {
    return SERVERS.computeIfAbsent(
        version + " " + options,
        k -> TestServers.start(label, version, options.toArray(String[]::new)));
  }

  @AfterAll
  static void stop() {
    SERVERS.values().forEach(Target::close);
    SERVERS.clear();
  }
}
