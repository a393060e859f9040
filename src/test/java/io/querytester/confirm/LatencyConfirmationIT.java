package io.querytester.confirm;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.Confirmation;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.LatencyVerdict;
import io.querytester.compare.RunAnalyzer;
import io.querytester.compare.RunSummary;
import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyChecks;
import io.querytester.server.Target;
import io.querytester.testing.SyntheticRun;
import io.querytester.testing.TestServers;
import io.querytester.workload.SqlProfile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second measurement on real servers: a slowdown the replay reported but the servers do not
 * show again stops failing the run; one they show again keeps failing it, with both measurements.
 * The replays are written by hand (SyntheticRun) so that what they claim is known; the servers are
 * 10.2.11 and 11.4.5 with the same table {@code same}, and a table {@code more} of which NEW holds
 * three times the rows (the statement's result is the same: the extra rows do not match).
 */
class LatencyConfirmationIT {
  /** Reads every row of its table: about 5 ms on OLD here. */
  static final String SAME = "SELECT COUNT(*) FROM same WHERE pad LIKE '%zz%'";

  static final String MORE = "SELECT COUNT(*) FROM more WHERE pad LIKE '%zz%'";

  private static final LatencyConfirmation.Settings SETTINGS =
      new LatencyConfirmation.Settings(Duration.ofMinutes(1), Duration.ofSeconds(30));

  private static List<Target> servers;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    servers =
        List.of(
            TestServers.start("OLD", TestServers.OLD), TestServers.start("NEW", TestServers.NEW));
    for (Target t : servers) {
      TestServers.exec(
          t,
          "CREATE DATABASE app",
          "CREATE TABLE app.d (n INT PRIMARY KEY)",
          "INSERT INTO app.d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
          "CREATE TABLE app.same (id INT PRIMARY KEY, pad VARCHAR(100) NOT NULL)",
          "INSERT INTO app.same SELECT a.n + 10 * b.n + 100 * c.n + 1000 * e.n,"
              + " REPEAT(CHAR(97 + b.n), 60) FROM app.d a, app.d b, app.d c, app.d e",
          "CREATE TABLE app.more LIKE app.same",
          "INSERT INTO app.more SELECT * FROM app.same",
          // only 11.x runs the text of /*!110000 ... */: NEW gets three times the rows
          "INSERT INTO app.more SELECT id + 10000, pad FROM app.same WHERE 0 /*!110000 OR 1 */",
          "INSERT INTO app.more SELECT id + 20000, pad FROM app.same WHERE 0 /*!110000 OR 1 */");
    }
  }

  @AfterAll
  static void stop() {
    servers.forEach(Target::close);
  }

  /** A replay of {@code sql} as if NEW had taken {@code factor} times OLD's 5 ms, every time. */
  private RunSummary replayed(String sql, double factor) throws Exception {
    try (SyntheticRun run = SyntheticRun.create(dir)) {
      for (int e = 0; e < 8; e++) {
        long[] old = new long[5];
        long[] neu = new long[5];
        for (int i = 0; i < 5; i++) {
          old[i] = 5000 + 37L * ((e * 5 + i) % 7);
          neu[i] = (long) (old[i] * factor);
        }
        run.timed(sql, old, neu);
      }
    }
    return new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(dir);
  }

  private static ClassSummary classOf(RunSummary s, String sql) {
    String id = SqlProfile.of(sql).classId();
    return s.classes().stream().filter(c -> c.classId().equals(id)).findFirst().orElseThrow();
  }

  private List<LatencyCheck> confirm(RunSummary judged, List<String> progress) {
    return LatencyConfirmation.run(
        servers, dir, SETTINGS, GatePolicy.DEFAULT.latency(), judged.classes(), progress::add);
  }

  @Test
  void aSlowdownTheServersDoNotShowAgainNoLongerFailsTheRun() throws Exception {
    RunSummary replay = replayed(SAME, 3.0);
    assertThat(classOf(replay, SAME).latency()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(replay.regressions()).isTrue();

    List<String> progress = new ArrayList<>();
    List<LatencyCheck> checks = confirm(replay, progress);
    assertThat(checks).hasSize(1);
    assertThat(checks.getFirst().error()).as(progress.toString()).isNull();
    assertThat(checks.getFirst().oldMicros())
        .hasSizeGreaterThanOrEqualTo(AlternatingRuns.MIN_PAIRS);
    assertThat(progress).anyMatch(l -> l.contains("not held"));

    RunSummary after = new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(dir);
    ClassSummary c = classOf(after, SAME);
    assertThat(c.latencyBasis().confirmation().outcome())
        .as(progress.toString())
        .isEqualTo(Confirmation.Outcome.NOT_HELD);
    assertThat(c.latency()).isEqualTo(LatencyVerdict.SAME);
    assertThat(after.regressions()).isFalse();
  }

  @Test
  void aSlowdownTheServersShowAgainStaysARegressionWithBothMeasurements() throws Exception {
    RunSummary replay = replayed(MORE, 2.5);
    List<String> progress = new ArrayList<>();
    confirm(replay, progress);

    ClassSummary c = classOf(new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(dir), MORE);
    Confirmation confirmation = c.latencyBasis().confirmation();
    assertThat(confirmation.outcome()).as(progress.toString()).isEqualTo(Confirmation.Outcome.HELD);
    assertThat(confirmation.ratio().low()).isGreaterThan(1.3);
    assertThat(confirmation.newP50Micros()).isGreaterThan(confirmation.oldP50Micros());
    assertThat(confirmation.events()).isNotEmpty();
    assertThat(c.latency()).isEqualTo(LatencyVerdict.DEGRADED);
    assertThat(c.latencyBasis().ratio().estimate()).isGreaterThan(2.4);
    assertThat(LatencyChecks.read(dir)).containsKey(c.classId());
  }

  @Test
  void nothingIsMeasuredWhenNoClassHangsOnItsLatency() throws Exception {
    RunSummary replay = replayed(SAME, 1.0);
    List<String> progress = new ArrayList<>();
    assertThat(confirm(replay, progress)).isEmpty();
    assertThat(progress).isEmpty();
    assertThat(LatencyChecks.read(dir)).isEmpty();
  }
}
