package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.DataCheck;
import io.querytester.run.DataCheck.Status;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two servers that do not replicate, 10.2.11 as OLD and 11.4.5 as NEW, compared the way a write
 * replay's end compares them: the same tables on both, then NEW changed in known places.
 */
class QuietCompareIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  /** Chunks of exactly 1,000 rows, so that the first differing chunk is known. */
  static final QuietCompare.Settings THOUSANDS =
      new QuietCompare.Settings(
          new ChunkOptions(Duration.ofMillis(500), 1_000, 1_000, 1_000, 2), 20, 6);

  @BeforeAll
  static void start() throws Exception {
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
    for (Target t : List.of(old, neu)) {
      TestServers.exec(
          t,
          "CREATE DATABASE q",
          "CREATE TABLE q.same (id INT PRIMARY KEY, v VARCHAR(20), f DOUBLE)",
          "INSERT INTO q.same SELECT seq, CONCAT('v', seq), seq / 3 FROM q.seq_1_to_3000",
          "CREATE TABLE q.diff (id INT PRIMARY KEY, v VARCHAR(20))",
          "INSERT INTO q.diff SELECT seq, CONCAT('v', seq) FROM q.seq_1_to_3000",
          "CREATE TABLE q.nokey (a INT, b VARCHAR(5))",
          "INSERT INTO q.nokey VALUES (1, 'x'), (1, 'x'), (2, 'y')",
          "CREATE TABLE q.cols (id INT PRIMARY KEY)");
    }
    TestServers.exec(old, "CREATE TABLE q.onlyold (id INT PRIMARY KEY)");
    TestServers.exec(
        neu,
        "CREATE TABLE q.onlynew (id INT PRIMARY KEY)",
        "UPDATE q.diff SET v = 'changed' WHERE id = 1500",
        "DELETE FROM q.diff WHERE id = 2500",
        "INSERT INTO q.diff VALUES (3001, 'new')",
        "INSERT INTO q.nokey VALUES (1, 'x')",
        "ALTER TABLE q.cols ADD COLUMN extra INT");
  }

  @AfterAll
  static void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  @Test
  void eachTableIsSaidEqualDifferentMissingOrAbsentWithItsFirstDifferingChunkAndKeys()
      throws Exception {
    Map<String, Long> oldBefore = DriftFixture.writeCounters(old);
    Map<String, Long> newBefore = DriftFixture.writeCounters(neu);
    List<String> progress = new ArrayList<>();
    List<DataCheck.Table> tables =
        new QuietCompare(THOUSANDS, progress::add)
            .compare(
                old,
                neu,
                Set.of(
                    "Q.Same",
                    "q.diff",
                    "q.nokey",
                    "q.cols",
                    "q.onlyold",
                    "q.onlynew",
                    "q.gone",
                    "mysql.user"));

    Map<String, DataCheck.Table> by =
        tables.stream().collect(Collectors.toMap(DataCheck.Table::table, Function.identity()));
    assertThat(tables.stream().map(DataCheck.Table::table))
        .containsExactly(
            "mysql.user",
            "q.cols",
            "q.diff",
            "q.gone",
            "q.nokey",
            "q.onlynew",
            "q.onlyold",
            "q.same");

    DataCheck.Table same = by.get("q.same");
    assertThat(same.status()).isEqualTo(Status.EQUAL);
    assertThat(same.chunks()).isEqualTo(4); // three full chunks and the open end
    assertThat(same.rowsOld()).isEqualTo(3000);
    assertThat(same.key()).isEqualTo("PRIMARY");

    DataCheck.Table diff = by.get("q.diff");
    assertThat(diff.status()).isEqualTo(Status.DIFFERENT);
    assertThat(diff.first().index()).isEqualTo(1);
    assertThat(diff.first().range(diff.keyColumns())).isEqualTo("1000 < id <= 2000");
    assertThat(diff.differingChunks()).isEqualTo(3);
    assertThat(List.of(diff.onlyOld(), diff.onlyNew(), diff.different()))
        .containsExactly(1L, 1L, 1L);
    assertThat(diff.rowsNew()).isEqualTo(3000);
    assertThat(diff.samples())
        .extracting(r -> r.kind() + " " + r.key() + " " + r.columns())
        .containsExactly("DIFFERENT [1500] [v]", "ONLY_OLD [2500] []", "ONLY_NEW [3001] []");
    assertThat(diff.samples().get(0).old()).containsEntry("v", "'v1500'");
    assertThat(diff.samples().get(0).neu()).containsEntry("v", "'changed'");
    assertThat(diff.detail())
        .isEqualTo("3 rows differ: 1 on OLD only, 1 on NEW only, 1 with other values");

    DataCheck.Table nokey = by.get("q.nokey");
    assertThat(nokey.status()).isEqualTo(Status.DIFFERENT);
    assertThat(nokey.onlyNew()).isEqualTo(1);
    assertThat(nokey.first().range(nokey.keyColumns())).isEqualTo("all rows");
    assertThat(nokey.warnings()).singleElement().asString().contains("compared as one chunk");

    assertThat(by.get("q.cols").status()).isEqualTo(Status.COLUMNS_DIFFER);
    assertThat(by.get("q.cols").detail()).isEqualTo("columns on NEW only: extra");
    assertThat(by.get("q.onlyold").status()).isEqualTo(Status.MISSING_ON_NEW);
    assertThat(by.get("q.onlynew").status()).isEqualTo(Status.MISSING_ON_OLD);
    assertThat(by.get("q.gone").status()).isEqualTo(Status.ABSENT);
    assertThat(by.get("mysql.user").status()).isEqualTo(Status.NOT_COMPARED);

    assertThat(progress).contains("data: q.same: 4 chunks, 3,000 rows, equal");
    // read-only on both sides
    assertThat(DriftFixture.writeCounters(old)).isEqualTo(oldBefore);
    assertThat(DriftFixture.writeCounters(neu)).isEqualTo(newBefore);
  }
}
