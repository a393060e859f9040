package io.querytester.explain;

import static io.querytester.testing.SyntheticRun.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.compare.ClassSummary;
import io.querytester.compare.GatePolicy;
import io.querytester.compare.RunAnalyzer;
import io.querytester.run.DiffKind;
import io.querytester.run.Difference;
import io.querytester.run.Execution;
import io.querytester.run.ExecutionLog;
import io.querytester.testing.SyntheticRun;
import io.querytester.workload.SqlProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExampleRunsTest {
  private static final String FIRST = "SELECT c FROM t WHERE id = 1";
  private static final String DIFFERING = "SELECT COUNT(*) FROM t";
  private static final String LATE = "SELECT pad FROM t WHERE id = 2";

  @TempDir Path run;

  private static String id(String sql) {
    return SqlProfile.of(sql).classId();
  }

  /**
   * FIRST three times, DIFFERING same then different, a line no reader can read, LATE once: the
   * example of a class is its first differing execution, else its first.
   */
  private List<ClassSummary> write() throws Exception {
    try (SyntheticRun r = SyntheticRun.create(run)) {
      r.same(FIRST, 3, 100, 110);
      r.same(DIFFERING, 1, 100, 100);
      r.run(DIFFERING, ok(200, 1), ok(250, 1), Difference.of(DiffKind.RESULT, "1 row differs"));
      r.same(LATE, 1, 100, 100);
    }
    Path log = run.resolve(ExecutionLog.FILE);
    List<String> lines = new ArrayList<>(Files.readAllLines(log));
    lines.add(lines.size() - 1, "not a line of the log"); // before LATE's execution
    Files.write(log, lines);
    return new RunAnalyzer(GatePolicy.DEFAULT, 3, w -> {}).analyze(run).classes();
  }

  private static List<ClassSummary> only(List<ClassSummary> all, String... sql) {
    List<String> ids = java.util.Arrays.stream(sql).map(ExampleRunsTest::id).toList();
    return all.stream().filter(c -> ids.contains(c.classId())).toList();
  }

  /** The examples of the classes of {@code sql}, in the run {@link #write} makes. */
  private Map<String, Execution> pick(List<String> warnings, String... sql) throws Exception {
    return ExampleRuns.pick(run, only(write(), sql), warnings::add);
  }

  @Test
  void picksTheFirstDifferingExecutionElseTheFirstAndStopsOnceEachClassHasOne() throws Exception {
    List<String> warnings = new ArrayList<>();
    Map<String, Execution> picked = pick(warnings, FIRST, DIFFERING);
    assertThat(picked).containsOnlyKeys(id(FIRST), id(DIFFERING));
    assertThat(picked.get(id(FIRST)).event()).isEqualTo(2); // its first (event ids from 2)
    assertThat(picked.get(id(DIFFERING)).differences()).isNotEmpty();
    assertThat(warnings).as("the unreadable line after them was not read").isEmpty();
  }

  @Test
  void aClassPastTheUnreadableLineIsStillFound() throws Exception {
    List<String> warnings = new ArrayList<>();
    Map<String, Execution> picked = pick(warnings, FIRST, LATE);
    assertThat(picked).containsOnlyKeys(id(FIRST), id(LATE));
    assertThat(warnings).hasSize(1);
  }
}
