package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drift checks against real replication. Subclasses choose the versions and how the replica follows
 * (GTID or file and position); every test makes its own schema.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DriftReplicationTests {
  static final int ROWS = 3000;

  ReplicationPair pair;

  abstract ReplicationPair startPair() throws SQLException;

  /** How the check waits for the replica: empty lets it detect. */
  abstract Optional<PositionMode> positionMode();

  @BeforeAll
  void start() throws SQLException {
    pair = startPair();
  }

  @AfterAll
  void stop() {
    if (pair != null) {
      pair.close();
    }
  }

  DriftFixture.Run check(String db) {
    return check(db, Optional.empty(), false);
  }

  DriftFixture.Run check(String db, Optional<Path> out, boolean resume) {
    return new DriftFixture.Run(
        DriftFixture.settings(db, positionMode(), out, resume), pair.source, pair.replica);
  }

  @Test
  void consistentReplicaShowsNoDriftWhileTheSourceTakesWrites() throws Exception {
    DriftFixture.create(pair.source, "calm", ROWS);
    pair.sync();
    DriftFixture.Run run;
    long writes;
    try (DriftFixture.Writer writer = new DriftFixture.Writer(pair.source, "calm", ROWS)) {
      while (writer.writes() < 20) {
        Thread.sleep(50);
      }
      long before = writer.writes();
      run = check("calm");
      writes = writer.writes() - before;
    }
    assertThat(writes).as("writes during the check").isGreaterThanOrEqualTo(10);
    assertThat(run.report.verdict()).as(run.console(false)).isEqualTo(Verdict.CONSISTENT);
    assertThat(run.report.exitCode()).isZero();
    assertThat(run.report.tables())
        .extracting(TableReport::table)
        .containsExactly("calm.items", "calm.nokey", "calm.pairs", "calm.uniq");
    assertThat(run.table("calm.items").chunks()).isGreaterThan(5);
    assertThat(run.table("calm.items").keyKind()).isEqualTo(KeyKind.PRIMARY);
    assertThat(run.table("calm.pairs").keyKind()).isEqualTo(KeyKind.PRIMARY);
    assertThat(run.table("calm.uniq").keyKind()).isEqualTo(KeyKind.UNIQUE);
    assertThat(run.table("calm.nokey").keyKind()).isEqualTo(KeyKind.NONE);
    assertThat(run.table("calm.nokey").warnings())
        .singleElement()
        .asString()
        .contains("no primary key");
    assertThat(run.progress.toString()).contains("rows/s").contains("REPLICA-1");
  }

  @Test
  void driftMadeOnTheReplicaIsFoundWithTheExactRows() throws Exception {
    DriftFixture.create(pair.source, "drifted", ROWS);
    try (Connection c = pair.source.connect();
        Statement s = c.createStatement()) {
      // a '#' that moves from one text column to the next: the separator alone would hide it
      s.execute("UPDATE drifted.items SET name = 'shift#', note = 'me' WHERE id = 40");
      // text in two character sets that CONCAT_WS cannot join ("Illegal mix of collations")
      s.execute(
          "CREATE TABLE drifted.mixed (id INT PRIMARY KEY, a VARCHAR(8) CHARACTER SET latin1,"
              + " b VARCHAR(8) CHARACTER SET latin2) ENGINE=InnoDB");
      s.execute("INSERT INTO drifted.mixed VALUES (1, 'a1', 'b1'), (2, 'a2', 'b2')");
    }
    pair.sync();
    pair.onReplicaOnly(
        "UPDATE drifted.items SET name = 'shift', note = '#me' WHERE id = 40",
        "UPDATE drifted.mixed SET b = 'b2!' WHERE id = 2",
        // id 6: 'café 6' -> 'cafe 6': equal under utf8mb4_general_ci, different bytes
        "UPDATE drifted.items SET name = 'cafe 6' WHERE id = 6",
        // id 7: 'item 7  ' -> one trailing space less: equal under PAD SPACE
        "UPDATE drifted.items SET name = 'item 7 ' WHERE id = 7",
        "UPDATE drifted.items SET price = price + 0.01 WHERE id = 30",
        "UPDATE drifted.items SET price = price + 1e-9 WHERE id = 31", // below --float-precision
        "UPDATE drifted.items SET qty = NULL WHERE id = 32",
        "DELETE FROM drifted.items WHERE id = 20",
        "INSERT INTO drifted.items (id, name) VALUES (100000, 'only on the replica')",
        "UPDATE drifted.pairs SET v = v + 1 WHERE a = 3 AND b = 'b13'",
        "INSERT INTO drifted.nokey VALUES (1, 'y1')",
        "DELETE FROM drifted.nokey WHERE x = 7 LIMIT 1",
        "UPDATE drifted.uniq SET n = NULL WHERE code = 'c0000005'");

    DriftFixture.Run run = check("drifted");

    assertThat(run.report.verdict()).isEqualTo(Verdict.DRIFT);
    assertThat(run.report.exitCode()).isEqualTo(1);
    ReplicaTable items = run.on("drifted.items");
    assertThat(items.verdict()).isEqualTo(Verdict.DRIFT);
    assertThat(List.of(items.missing(), items.extra(), items.different()))
        .containsExactly(1L, 1L, 5L);
    assertThat(DriftFixture.keys(items, RowDifference.Kind.MISSING)).containsExactly("'20'");
    assertThat(DriftFixture.keys(items, RowDifference.Kind.EXTRA)).containsExactly("'100000'");
    Map<String, List<String>> different = new TreeMap<>();
    items.rows().stream()
        .filter(d -> d.kind() == RowDifference.Kind.DIFFERENT)
        .forEach(d -> different.put(d.key().get(0), d.columns()));
    assertThat(different)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "'6'", List.of("name"),
                "'7'", List.of("name"),
                "'30'", List.of("price"),
                "'32'", List.of("qty"),
                "'40'", List.of("name", "note")));
    RowDifference cafe =
        items.rows().stream().filter(d -> d.key().equals(List.of("'6'"))).findFirst().orElseThrow();
    assertThat(cafe.source().get("name")).isEqualTo("'café 6'");
    assertThat(cafe.replica().get("name")).isEqualTo("'cafe 6'");
    RowDifference nulled =
        items.rows().stream()
            .filter(d -> d.key().equals(List.of("'32'")))
            .findFirst()
            .orElseThrow();
    assertThat(nulled.replica().get("qty")).isEqualTo("NULL");
    RowDifference missing =
        items.rows().stream()
            .filter(d -> d.kind() == RowDifference.Kind.MISSING)
            .findFirst()
            .orElseThrow();
    assertThat(missing.source()).containsEntry("raw", "X'1400FF23'");

    ReplicaTable pairs = run.on("drifted.pairs");
    assertThat(pairs.rows())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.kind()).isEqualTo(RowDifference.Kind.DIFFERENT);
              assertThat(d.key()).containsExactly("'3'", "'b13'");
              assertThat(d.columns()).containsExactly("v");
            });

    assertThat(run.on("drifted.mixed").rows())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.key()).containsExactly("'2'");
              assertThat(d.columns()).containsExactly("b");
            });

    ReplicaTable nokey = run.on("drifted.nokey");
    assertThat(List.of(nokey.missing(), nokey.extra())).containsExactly(1L, 1L);
    assertThat(nokey.rows())
        .extracting(RowDifference::kind)
        .containsExactlyInAnyOrder(RowDifference.Kind.MISSING, RowDifference.Kind.EXTRA);

    ReplicaTable uniq = run.on("drifted.uniq");
    assertThat(uniq.rows())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.key()).containsExactly("'c0000005'");
              assertThat(d.columns()).containsExactly("n");
            });

    assertThat(items.fixSql())
        .contains(
            "DELETE FROM `drifted`.`items` WHERE `id` = '100000';",
            "UPDATE `drifted`.`items` SET `name` = 'café 6' WHERE `id` = '6';");
    assertThat(items.fixSql())
        .anySatisfy(s -> assertThat(s).startsWith("INSERT INTO `drifted`.`items` (`id`, `name`"));
    assertThat(run.console(true)).contains("Repair statements: printed, never executed");
  }

  @Test
  void aReplicaStoppedMidCheckIsWaitedForNotReportedAsDrift() throws Exception {
    DriftFixture.create(pair.source, "paused", ROWS);
    pair.sync();
    java.util.concurrent.atomic.AtomicReference<Thread> restart =
        new java.util.concurrent.atomic.AtomicReference<>();
    long t0 = System.nanoTime();
    // When the check reaches its second table, stop the replica and change the tables still to
    // come on the source: without waiting for the replica they would look like drift.
    DriftFixture.Run run =
        new DriftFixture.Run(
            DriftFixture.settings("paused", positionMode(), Optional.empty(), false),
            pair.source,
            pair.replica,
            line -> {
              if (line.contains("[2/4]") && restart.get() == null) {
                try {
                  TestServers.exec(pair.replica, "STOP SLAVE");
                  TestServers.exec(
                      pair.source,
                      "UPDATE paused.nokey SET y = 'late' WHERE x = 3",
                      "DELETE FROM paused.pairs WHERE a = 1",
                      "UPDATE paused.uniq SET n = -n WHERE code < 'c0000100'");
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
                restart.set(
                    Thread.ofPlatform()
                        .start(
                            () -> {
                              try {
                                Thread.sleep(4000);
                                TestServers.exec(pair.replica, "START SLAVE");
                              } catch (Exception e) {
                                throw new IllegalStateException(e);
                              }
                            }));
              }
            });
    assertThat(restart.get()).as("the replica was stopped mid-check").isNotNull();
    restart.get().join();
    assertThat(run.report.verdict()).as(run.console(false)).isEqualTo(Verdict.CONSISTENT);
    assertThat((System.nanoTime() - t0) / 1e9).isGreaterThan(3.0);
    assertThat(run.progress.toString()).contains("REPLICA-1 caught up with source position");
  }

  @Test
  void theCheckWritesNothingOnTheSource() throws Exception {
    DriftFixture.create(pair.source, "quiet", ROWS);
    pair.sync();
    String[] fileBefore = pair.masterStatus();
    String gtidBefore = pair.gtidBinlogPos();
    Map<String, Long> writesBefore = DriftFixture.writeCounters(pair.source);

    DriftFixture.Run run = check("quiet");

    assertThat(run.report.verdict()).isEqualTo(Verdict.CONSISTENT);
    assertThat(pair.masterStatus()).containsExactly(fileBefore);
    assertThat(pair.gtidBinlogPos()).isEqualTo(gtidBefore);
    assertThat(DriftFixture.writeCounters(pair.source)).isEqualTo(writesBefore);
  }

  @Test
  void aResumedCheckGoesOnAfterTheLastFinishedChunk(@TempDir Path out) throws Exception {
    DriftFixture.create(pair.source, "resumed", ROWS);
    pair.sync();
    DriftFixture.Run first = check("resumed", Optional.of(out), false);
    Path state = out.resolve(DriftState.FILE);
    List<String> lines = Files.readAllLines(state, StandardCharsets.UTF_8);
    int chunks = first.report.tables().stream().mapToInt(TableReport::chunks).sum();
    assertThat(lines).hasSize(1 + chunks);
    // As if killed during the fourth chunk of the first table: three lines and a torn one.
    Files.write(
        state,
        List.of(
            lines.get(0), lines.get(1), lines.get(2), lines.get(3), lines.get(4).substring(0, 20)),
        StandardCharsets.UTF_8);
    pair.onReplicaOnly("DELETE FROM resumed.items WHERE id = 2999"); // in a chunk still to do

    DriftFixture.Run resumed = check("resumed", Optional.of(out), true);

    // Chunk sizes follow measured times and a resumed check starts sizing afresh, so the chunk
    // count may differ; the rows may not: the three kept chunks plus the resumed run's rows are
    // every source row once.
    long kept = 0;
    for (String line : lines.subList(1, 4)) {
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("\"sourceRows\":(\\d+)").matcher(line);
      assertThat(m.find()).isTrue();
      kept += Long.parseLong(m.group(1));
    }
    assertThat(kept).isPositive();
    assertThat(kept + resumed.report.rows()).isEqualTo(first.report.rows());
    assertThat(DriftFixture.keys(resumed.on("resumed.items"), RowDifference.Kind.MISSING))
        .containsExactly("'2999'");
    assertThat(Files.readAllLines(state, StandardCharsets.UTF_8))
        .hasSize(1 + resumed.report.tables().stream().mapToInt(TableReport::chunks).sum());
  }

  @Test
  void chunksCheckedInParallelFindTheSameRowsAndFinishInKeyOrder(@TempDir Path out)
      throws Exception {
    DriftFixture.create(pair.source, "parallel", ROWS);
    pair.sync();
    pair.onReplicaOnly(
        "UPDATE parallel.items SET qty = -1 WHERE id = 3",
        "DELETE FROM parallel.items WHERE id = 1499",
        "UPDATE parallel.items SET name = 'cafe 2500' WHERE id = 2500",
        "DELETE FROM parallel.items WHERE id = 2999",
        "INSERT INTO parallel.items (id, name) VALUES (100000, 'only on the replica')");

    DriftFixture.Run serial =
        new DriftFixture.Run(
            DriftFixture.settings("parallel", positionMode(), Optional.empty(), false, 1),
            pair.source,
            pair.replica);
    DriftFixture.Run parallel =
        new DriftFixture.Run(
            DriftFixture.settings("parallel", positionMode(), Optional.of(out), false, 5),
            pair.source,
            pair.replica);

    for (DriftFixture.Run run : List.of(serial, parallel)) {
      ReplicaTable items = run.on("parallel.items");
      assertThat(DriftFixture.keys(items, RowDifference.Kind.MISSING))
          .containsExactlyInAnyOrder("'1499'", "'2999'");
      assertThat(DriftFixture.keys(items, RowDifference.Kind.EXTRA)).containsExactly("'100000'");
      assertThat(DriftFixture.keys(items, RowDifference.Kind.DIFFERENT))
          .containsExactlyInAnyOrder("'3'", "'2500'");
      assertThat(run.on("parallel.pairs").verdict()).isEqualTo(Verdict.CONSISTENT);
    }
    assertThat(parallel.table("parallel.items").chunks()).isGreaterThan(5);
    // the state file is a prefix of finished chunks in key order, whatever order they finished in
    List<Integer> indexes = new java.util.ArrayList<>();
    String table = "";
    for (String line : Files.readAllLines(out.resolve(DriftState.FILE), StandardCharsets.UTF_8)) {
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("\"table\":\"([^\"]+)\".*?\"index\":(\\d+)")
              .matcher(line);
      if (m.find()) {
        if (!m.group(1).equals(table)) {
          table = m.group(1);
          assertThat(indexes)
              .isEqualTo(java.util.stream.IntStream.range(0, indexes.size()).boxed().toList());
          indexes.clear();
        }
        indexes.add(Integer.parseInt(m.group(2)));
      }
    }
    assertThat(indexes)
        .isEqualTo(java.util.stream.IntStream.range(0, indexes.size()).boxed().toList());
  }
}
