package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.workload.StatementKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * executions.jsonl version 2: what is read back is what was written, whatever form a line takes; an
 * execution whose sides agree takes at most 100 bytes; a cut line, a resume, parallel writers,
 * version 1 files and newer versions.
 */
public class ExecutionLogTest {
  @TempDir Path dir;

  @Test
  void everyKindOfExecutionIsReadBackAsWritten() throws IOException {
    List<Execution> written = variety();
    write(dir, written);
    assertThat(read(dir)).containsExactlyElementsOf(written);
  }

  @Test
  void executionsWhoseSidesAgreeTakeOneShortLine() throws IOException {
    List<Execution> written = sysbenchLike(20_000, 0);
    write(dir, written);
    long bytes = Files.size(dir.resolve(ExecutionLog.FILE));
    double perExecution = (double) bytes / written.size();
    System.out.printf(
        "20,000 agreeing executions: %,d bytes, %.1f per execution%n", bytes, perExecution);
    assertThat(perExecution).isLessThanOrEqualTo(100);
    assertThat(read(dir)).containsExactlyElementsOf(written);
    // The columns are defined once per distinct list, not once per execution.
    List<String> lines = Files.readAllLines(dir.resolve(ExecutionLog.FILE));
    assertThat(lines.stream().filter(l -> l.contains("\"columns\"")).count()).isEqualTo(3);
  }

  @Test
  void aResumeCutsTheTornLineAndRefersToTheDefinitionsBeforeIt() throws IOException {
    List<Execution> first = sysbenchLike(50, 0);
    write(dir, first);
    Path file = dir.resolve(ExecutionLog.FILE);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 7)); // a kill mid-line
    List<String> warnings = new ArrayList<>();
    assertThat(readAll(dir, warnings)).hasSize(49);
    assertThat(warnings).singleElement().asString().contains("unreadable execution line skipped");

    List<Execution> more = sysbenchLike(80, 1_000);
    write(dir, more.subList(50, 80));
    List<Execution> expected = new ArrayList<>(first.subList(0, 49));
    expected.addAll(more.subList(50, 80));
    assertThat(read(dir)).containsExactlyElementsOf(expected);
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.stream().filter(l -> l.startsWith("{\"format\"")).count()).isEqualTo(1);
    assertThat(lines.stream().filter(l -> l.contains("\"columns\"")).count()).isEqualTo(3);
    assertThat(ExecutionLog.done(dir).cardinality()).isEqualTo(79);
  }

  @Test
  void parallelWritersNeverReferToADefinitionAfterItsUse() throws Exception {
    List<Execution> written = new ArrayList<>(sysbenchLike(4_000, 0));
    written.addAll(variety());
    try (ExecutionLog log = ExecutionLog.append(dir);
        ExecutorService pool = Executors.newFixedThreadPool(8)) {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int lane = t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = lane; i < written.size(); i += 8) {
                    log.write(written.get(i));
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    }
    List<String> warnings = new ArrayList<>();
    assertThat(readAll(dir, warnings)).containsExactlyInAnyOrderElementsOf(written);
    assertThat(warnings).isEmpty();
  }

  @Test
  void textIsWrittenAsUtf8AndALoneSurrogateAsAQuestionMark() throws IOException {
    Observation o = ok(100, 1, sum(), digest(1, 1));
    String sql = "SELECT 'caf\u00e9 \u20ac \ud83d\ude00 half \ud800 end'";
    Execution e =
        new Execution(
            3,
            1,
            "00000000000000AA",
            StatementKind.READ,
            null,
            sql,
            o,
            o,
            List.of(),
            null,
            null,
            null);
    write(dir, List.of(e));
    assertThat(read(dir))
        .singleElement()
        .extracting(Execution::sql)
        .isEqualTo("SELECT 'caf\u00e9 \u20ac \ud83d\ude00 half ? end'");
    assertThat(Files.readString(dir.resolve(ExecutionLog.FILE), StandardCharsets.UTF_8))
        .contains("caf\u00e9 \u20ac \ud83d\ude00 half ? end");
  }

  @Test
  void moreDistinctColumnListsThanTheLimitAreWrittenInFull() throws IOException {
    List<Execution> written = new ArrayList<>();
    for (int i = 0; i < LogFormat.MAX_COLUMN_LISTS + 10; i++) {
      List<ColumnMeta> cols = List.of(new ColumnMeta("'" + i + "'", "CHAR", 1, 0, false, "utf8"));
      Observation o = ok(100, 1, cols, digest(i, 1));
      written.add(execution(i + 2, "SELECT " + i, o, o));
    }
    write(dir, written);
    assertThat(read(dir)).containsExactlyElementsOf(written);
    List<String> lines = Files.readAllLines(dir.resolve(ExecutionLog.FILE));
    assertThat(lines.stream().filter(l -> l.startsWith("{\"d\"") && l.contains("\"columns\"")))
        .hasSize(LogFormat.MAX_COLUMN_LISTS);
    assertThat(lines.getLast()).startsWith("{\"event\"").contains("\"columns\"");
  }

  @Test
  void aVersion1FileIsReadButNotAddedTo() throws Exception {
    Path file = dir.resolve(ExecutionLog.FILE);
    Files.copy(Path.of(getClass().getResource("/run/executions-v1.jsonl").toURI()), file);
    List<String> warnings = new ArrayList<>();
    List<Execution> all = readAll(dir, warnings);
    assertThat(warnings).isEmpty();
    assertThat(all).hasSize(25);
    Execution orders = all.stream().filter(e -> e.event() == 5).findFirst().orElseThrow();
    assertThat(orders.old().columns()).hasSize(5);
    assertThat(orders.old().columns().getFirst().definition().orgTable()).isEqualTo("orders");
    assertThat(all.stream().filter(e -> !e.differences().isEmpty())).hasSize(3);
    assertThat(all.stream().filter(e -> e.skipped() != null)).hasSize(2);

    assertThatThrownBy(() -> ExecutionLog.append(dir))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("executions format 1")
        .hasMessageContaining("--resume cannot add to it")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aNewerVersionIsRefusedInOneLine() throws IOException {
    Files.writeString(
        dir.resolve(ExecutionLog.FILE),
        "{\"format\":\"querytester-executions\",\"version\":3}\n[1,2,3]\n",
        StandardCharsets.UTF_8);
    assertThatThrownBy(() -> read(dir))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("version 3, written by a newer querytester")
        .hasMessageContaining("versions 1 to 2");
  }

  @Test
  void theIndexReadsAnyEventAgain() throws IOException {
    List<Execution> written = new ArrayList<>(variety());
    written.addAll(sysbenchLike(300, 100));
    write(dir, written);
    try (ExecutionIndex index = ExecutionIndex.open(dir, w -> {})) {
      assertThat(index.size()).isEqualTo(written.size());
      for (Execution e : written.reversed()) {
        assertThat(index.get(e.event())).isEqualTo(e);
      }
      assertThat(index.get(99_999)).isNull();
    }
  }

  /** One of each form a line can take, and the cases that must fall back to a full line. */
  static List<Execution> variety() {
    List<ColumnMeta> cols = columns("t1");
    ResultDigest d = digest(1, 3);
    List<Execution> out = new ArrayList<>();
    long event = 50_000;
    out.add(execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), ok(700, 3, cols, d)));
    out.add(
        execution(event++, "SET @a = 1", ok(50, 0, List.of(), null), ok(60, 0, List.of(), null)));
    out.add(
        withRepeats(
            execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), ok(700, 3, cols, d)),
            List.of(800L, 850L),
            List.of(600L, 650L)));
    out.add(
        withRepeats(
            execution(
                event++, "SET @b = 2", ok(40, 0, List.of(), null), ok(40, 0, List.of(), null)),
            List.of(30L),
            List.of(35L)));
    out.add(execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), null));
    out.add(
        withRepeats(
            execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), null), List.of(1L), null));
    out.add(Execution.skipped(event++, 7, "ABCDEF0123456789", StatementKind.WRITE, "write"));
    out.add(Execution.skipped(event++, 7, "ABCDEF0123456789", StatementKind.WRITE, "write"));
    // Full lines: a difference, an error on both sides, warnings, a key, another digest, null kind.
    Observation fewer = ok(800, 2, cols, digest(2, 2));
    out.add(
        new Execution(
            event++,
            3,
            "00000000000000AA",
            StatementKind.READ,
            null,
            "SELECT a FROM t1",
            ok(900, 3, cols, d),
            fewer,
            List.of(
                Difference.of(DiffKind.ROW_COUNT, "3 rows vs 2"),
                new Difference(
                    DiffKind.RESULT,
                    "values",
                    new Difference.RowSamples(
                        List.of("a"), List.of(List.of("1")), List.of(), false))),
            false,
            null,
            null));
    Observation failed =
        new Observation(
            new Outcome.Failed(1146, "42S02", "Table 'x' doesn't exist"),
            10,
            10,
            0,
            null,
            List.of(),
            List.of(),
            null);
    out.add(execution(event++, "SELECT * FROM x", failed, failed));
    // an empty message (SIGNAL ... SET MESSAGE_TEXT = '') and none: the log leaves both out
    Observation silent =
        new Observation(new Outcome.Failed(1644, "45000", ""), 1, 1, 0, null, null, null, null);
    Observation unsaid = new Observation(new Outcome.Lost(null), 1, 2, 0, null, null, null, null);
    out.add(execution(event++, "SELECT f()", silent, unsaid));
    Observation warned =
        new Observation(
            Outcome.ok(), 5, 9, 1, null, cols, List.of(new Warning("Warning", 1292, "bad")), d);
    out.add(execution(event++, "SELECT a FROM t1", warned, warned));
    Observation inserted = new Observation(Outcome.ok(), 5, 9, 1, 42L, List.of(), List.of(), null);
    out.add(execution(event++, "INSERT INTO t1 VALUES (1)", inserted, inserted));
    Observation odd = ok(5, 1, cols, new ResultDigest(1, "aa", "bb"));
    out.add(execution(event++, "SELECT a FROM t1", odd, odd));
    Observation otherCols = ok(5, 3, columns("t2"), d);
    out.add(execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), otherCols));
    Observation lost = new Observation(new Outcome.Lost("gone"), 1, 2, 0, null, cols, null, null);
    out.add(execution(event++, "SELECT a FROM t1", ok(900, 3, cols, d), lost));
    out.add(
        new Execution(
            event,
            3,
            "00000000000000BB",
            null,
            null,
            null,
            ok(5, 0, List.of(), null),
            null,
            List.of(),
            null,
            null,
            null));
    return out;
  }

  /** Point selects, ranges and sums over two tables, as sysbench's read-only test runs them. */
  public static List<Execution> sysbenchLike(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<List<ColumnMeta>> shapes = List.of(columns("sbtest1"), columns("sbtest2"), sum());
    List<Execution> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int shape = i % shapes.size();
      long rows = shape == 2 ? 1 : 1 + random.nextInt(100);
      ResultDigest d = digest(random.nextLong(), rows);
      Observation old = ok(200 + random.nextInt(3_000), rows, shapes.get(shape), d);
      Observation neu = ok(200 + random.nextInt(3_000), rows, shapes.get(shape), d);
      out.add(execution(2 + i, "SELECT c FROM sbtest" + shape + " WHERE id = 1", old, neu));
    }
    return out;
  }

  private static List<ColumnMeta> columns(String table) {
    List<ColumnMeta> out = new ArrayList<>();
    for (String c : List.of("id", "k", "c", "pad")) {
      out.add(
          new ColumnMeta(
              c,
              c.length() > 1 ? "INT" : "CHAR",
              c.length() > 1 ? 10 : 120,
              0,
              false,
              c.length() > 1 ? null : "utf8mb4",
              new ColumnDefinition(
                  c.length() > 1 ? 3 : 254,
                  11,
                  0,
                  4097,
                  45,
                  "utf8mb4_general_ci",
                  c,
                  table,
                  table,
                  "sbtest")));
    }
    return out;
  }

  private static List<ColumnMeta> sum() {
    return List.of(new ColumnMeta("SUM(k)", "DECIMAL", 32, 0, true, null));
  }

  private static ResultDigest digest(long seed, long rows) {
    SplittableRandom r = new SplittableRandom(seed);
    HexFormat hex = HexFormat.of();
    return new ResultDigest(
        rows,
        hex.toHexDigits(r.nextLong()) + hex.toHexDigits(r.nextLong()),
        hex.toHexDigits(r.nextLong()) + hex.toHexDigits(r.nextLong()));
  }

  private static Observation ok(long micros, long rows, List<ColumnMeta> cols, ResultDigest d) {
    return new Observation(Outcome.ok(), micros - micros / 7, micros, rows, null, cols, null, d);
  }

  private static Execution execution(long event, String sql, Observation old, Observation neu) {
    String id = String.format("%016X", sql.hashCode());
    StatementKind kind = sql.startsWith("SELECT") ? StatementKind.READ : StatementKind.SESSION;
    return new Execution(
        event, event % 8, id, kind, null, null, old, neu, List.of(), null, null, null);
  }

  private static Execution withRepeats(Execution e, List<Long> old, List<Long> neu) {
    return new Execution(
        e.event(),
        e.session(),
        e.classId(),
        e.kind(),
        null,
        null,
        e.old(),
        e.neu(),
        List.of(),
        null,
        old,
        neu);
  }

  private static void write(Path dir, List<Execution> executions) throws IOException {
    try (ExecutionLog log = ExecutionLog.append(dir)) {
      for (Execution e : executions) {
        log.write(e);
      }
    }
  }

  private static List<Execution> read(Path dir) {
    List<String> warnings = new ArrayList<>();
    List<Execution> out = readAll(dir, warnings);
    assertThat(warnings).isEmpty();
    return out;
  }

  private static List<Execution> readAll(Path dir, List<String> warnings) {
    List<Execution> out = new ArrayList<>();
    ExecutionLog.read(dir, warnings::add).forEach(out::add);
    return out;
  }
}
