package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.run.RunInfo;
import org.junit.jupiter.api.Test;

class ShardFilterTest {
  /** Computed by a few lines of Python from the formula in ShardFilter's javadoc. */
  @Test
  void shardsAreWhatTheDocumentedHashPredicts() {
    long[] sessions = {0, 1, 2, 3, 42, 123456789, -1};
    int[][] expected = {
      {1, 1, 1}, {1, 1, 6}, {1, 1, 4}, {2, 2, 5}, {1, 1, 5}, {1, 1, 7}, {2, 4, 6}
    };
    int[] counts = {2, 4, 7};
    for (int i = 0; i < sessions.length; i++) {
      for (int j = 0; j < counts.length; j++) {
        assertThat(ShardFilter.shardOf(sessions[i], counts[j]))
            .as("session %d of %d shards", sessions[i], counts[j])
            .isEqualTo(expected[i][j]);
      }
    }
  }

  @Test
  void everySessionIsInExactlyOneShardAndShardsAreEven() {
    int n = 4;
    int[] sizes = new int[n + 1];
    for (long session = 1; session <= 10_000; session++) {
      int owners = 0;
      for (int k = 1; k <= n; k++) {
        if (ShardFilter.of(new RunInfo.Shard(k, n)).accepts(session)) {
          owners++;
          sizes[k]++;
        }
      }
      assertThat(owners).as("session %d", session).isEqualTo(1);
    }
    for (int k = 1; k <= n; k++) {
      assertThat(sizes[k]).as("shard %d", k).isBetween(2_300, 2_700);
    }
  }

  @Test
  void noSessionIdCountsAsSessionZeroAndTheWholeWorkloadTakesAll() {
    RunInfo.Shard one = new RunInfo.Shard(ShardFilter.shardOf(0, 3), 3);
    assertThat(ShardFilter.of(one).accepts(null)).isTrue();
    assertThat(ShardFilter.of(null).accepts(7L)).isTrue();
    assertThat(ShardFilter.of(null)).isSameAs(ShardFilter.ALL);
  }

  @Test
  void aWriteReplaysShardHoldsWholeGroupsOfSessionsThatWriteWhatOthersTouch() {
    io.querytester.order.ConflictGroups groups = new io.querytester.order.ConflictGroups();
    groups.add(io.querytester.workload.QueryEvent.of(1, "db", "UPDATE a SET v = 1"));
    groups.add(io.querytester.workload.QueryEvent.of(2, "db", "SELECT v FROM a"));
    groups.add(io.querytester.workload.QueryEvent.of(3, "db", "UPDATE b SET v = 1"));
    groups.add(io.querytester.workload.QueryEvent.of(4, "db", "SELECT v FROM b"));
    groups.add(io.querytester.workload.QueryEvent.of(5, "db", "SELECT v FROM a"));
    groups.add(io.querytester.workload.QueryEvent.of(6, "db", "SELECT v FROM c"));
    assertThat(groups.groups())
        .containsEntry(1L, 1L)
        .containsEntry(2L, 1L)
        .containsEntry(5L, 1L)
        .containsEntry(3L, 3L)
        .containsEntry(4L, 3L)
        .containsEntry(6L, 6L);
    for (int k = 1; k <= 2; k++) {
      ShardFilter f = ShardFilter.forWrites(new io.querytester.run.RunInfo.Shard(k, 2), groups);
      assertThat(f.accepts(2L)).isEqualTo(f.accepts(1L)).isEqualTo(f.accepts(5L));
      assertThat(f.accepts(4L)).isEqualTo(f.accepts(3L));
    }
  }

  @Test
  void aWriteWorkloadOfOneGroupIsRefusedWithTheTablesThatJoinIt() {
    io.querytester.order.ConflictGroups groups = new io.querytester.order.ConflictGroups();
    groups.add(io.querytester.workload.QueryEvent.of(1, "db", "UPDATE a SET v = 1"));
    groups.add(io.querytester.workload.QueryEvent.of(2, "db", "SELECT v FROM a"));
    groups.add(io.querytester.workload.QueryEvent.of(3, "db", "ALTER TABLE z ADD c INT"));
    assertThatThrownBy(
            () -> ShardFilter.forWrites(new io.querytester.run.RunInfo.Shard(1, 2), groups))
        .isInstanceOf(io.querytester.BadInputException.class)
        .hasMessageContaining("3 sessions form one group")
        .hasMessageContaining("db.a")
        .hasMessageContaining("DDL");
  }
}
