package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.run.RunInfo;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShardOptionsTest {
  private static ShardOptions options(String shard, Integer count) {
    ShardOptions o = new ShardOptions();
    o.shard = shard;
    o.count = count;
    return o;
  }

  @Test
  void noShardIsTheWholeWorkload() {
    assertThat(options(null, null).shard(Map.of())).isNull();
    assertThatThrownBy(() -> options(null, 4).shard(Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--shard auto");
  }

  @Test
  void kOfN() {
    assertThat(options("2/4", null).shard(Map.of())).isEqualTo(new RunInfo.Shard(2, 4));
    assertThatThrownBy(() -> options("2/4", 4).shard(Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--shard-count goes with --shard auto");
    for (String bad : new String[] {"0/4", "5/4", "2", "a/4", "1/0"}) {
      assertThatThrownBy(() -> options(bad, null).shard(Map.of()))
          .as(bad)
          .isInstanceOf(BadInputException.class)
          .hasMessageStartingWith("--shard");
    }
  }

  @Test
  void autoFromEachScheduler() {
    assertThat(
            options("auto", null)
                .shard(Map.of("QUERYTESTER_SHARD", "3", "QUERYTESTER_SHARDS", "5")))
        .isEqualTo(new RunInfo.Shard(3, 5));
    assertThat(options("auto", null).shard(Map.of("CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "2")))
        .isEqualTo(new RunInfo.Shard(1, 2));
    // Kubernetes counts from 0.
    assertThat(options("auto", 4).shard(Map.of("JOB_COMPLETION_INDEX", "0")))
        .isEqualTo(new RunInfo.Shard(1, 4));
    assertThat(
            options("auto", null)
                .shard(Map.of("JOB_COMPLETION_INDEX", "3", "QUERYTESTER_SHARDS", "4")))
        .isEqualTo(new RunInfo.Shard(4, 4));
  }

  @Test
  void autoSaysWhatIsMissing() {
    assertThatThrownBy(() -> options("auto", null).shard(Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("QUERYTESTER_SHARD");
    assertThatThrownBy(() -> options("auto", null).shard(Map.of("JOB_COMPLETION_INDEX", "1")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--shard-count");
    assertThatThrownBy(() -> options("auto", 2).shard(Map.of("JOB_COMPLETION_INDEX", "2")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("JOB_COMPLETION_INDEX");
  }
}
