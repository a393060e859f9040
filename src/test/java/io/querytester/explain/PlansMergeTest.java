package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plans of a sharded replay: each shard's plans.json, merged into the merged run's. */
class PlansMergeTest {
  @TempDir Path dir;

  static PlanComparison plan(String classId, String reason, String key) {
    Plan old = plan("ref", "k_old");
    Plan neu = plan("ALL", key);
    return PlanComparison.of(
        new PlanComparison.Example(classId, List.of(reason), 7, "SELECT * FROM t ORDER BY c"),
        old,
        neu,
        null,
        null);
  }

  private static Plan plan(String access, String key) {
    return new Plan(
        "EXPLAIN FORMAT=JSON",
        List.of(new Plan.Table("t", access, key, null, 100L, 100.0, null)),
        false,
        true,
        List.of(),
        List.of());
  }

  private Path shard(String name, PlanComparison... plans) throws Exception {
    Path d = Files.createDirectories(dir.resolve(name));
    if (plans.length > 0) {
      Plans.write(d, List.of(plans));
    }
    return d;
  }

  @Test
  void theMergedRunHoldsEveryShardsPlansAndTheLowestShardsOfAClassReadTwice() throws Exception {
    Path s1 = shard("s1", plan("c1", "row order", "k1"), plan("c2", "latency degraded", "k_s1"));
    Path s2 = shard("s2", plan("c2", "row order", "k_s2"), plan("c3", "row order", "k3"));
    Path s3 = shard("s3"); // read no plans: none of its classes called for one
    Path out = Files.createDirectories(dir.resolve("merged"));

    Plans.merge(List.of(s1, s2, s3), out);

    var merged = Plans.load(out);
    assertThat(merged).containsOnlyKeys("c1", "c2", "c3");
    assertThat(merged.get("c1")).isEqualTo(Plans.load(s1).get("c1"));
    assertThat(merged.get("c2")).isEqualTo(Plans.load(s1).get("c2"));
    assertThat(merged.get("c2").neu().tables().getFirst().key()).isEqualTo("k_s1");
    assertThat(merged.get("c3")).isEqualTo(Plans.load(s2).get("c3"));
    assertThat(merged.get("c3").status()).isEqualTo(PlanComparison.DIFFERENT);

    // Deterministic: merging again writes the same file.
    String first = Files.readString(out.resolve(Plans.FILE));
    Plans.merge(List.of(s1, s2, s3), out);
    assertThat(Files.readString(out.resolve(Plans.FILE))).isEqualTo(first);
  }

  @Test
  void noShardReadPlansSoTheMergedRunHasNoPlansFile() throws Exception {
    Path out = Files.createDirectories(dir.resolve("merged"));
    Plans.merge(List.of(shard("a"), shard("b")), out);
    assertThat(out.resolve(Plans.FILE)).doesNotExist();
    assertThat(Plans.load(out)).isEmpty();
  }
}
