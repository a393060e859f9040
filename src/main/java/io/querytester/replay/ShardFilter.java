package io.querytester.replay;

import io.querytester.run.RunInfo;

/**
 * Which sessions a shard replays. A session is never split, so its state (schema, SET statements,
 * transactions) stays as captured. The hash is simple enough for any tool to predict:
 *
 * <pre>
 *   h = fmix64(session id)            // MurmurHash3's 64-bit finalizer, on the id as a signed long
 *   K = 1 + ((h >>> 32) mod N)        // an event without a session id counts as session 0
 * </pre>
 *
 * The high half of the hash picks the shard because replay spreads a shard's sessions over its
 * lanes with the low half: both from the same bits would leave most lanes of a shard idle.
 */
public final class ShardFilter {
  /** Every session: the replay of a whole workload. */
  public static final ShardFilter ALL = new ShardFilter(null);

  private final RunInfo.Shard shard;

  private ShardFilter(RunInfo.Shard shard) {
    this.shard = shard;
  }

  public static ShardFilter of(RunInfo.Shard shard) {
    return shard == null ? ALL : new ShardFilter(shard);
  }

  /** The shard, null for the whole workload. */
  public RunInfo.Shard shard() {
    return shard;
  }

  /** True when this shard replays the session. */
  public boolean accepts(Long session) {
    return shard == null || shardOf(session == null ? 0 : session, shard.count()) == shard.index();
  }

  /** The shard (1 to {@code count}) that replays {@code session}. */
  public static int shardOf(long session, int count) {
    return 1 + (int) Long.remainderUnsigned(fmix64(session) >>> 32, count);
  }

  /** MurmurHash3's 64-bit finalizer: spreads sequential ids over all bits. */
  static long fmix64(long x) {
    x ^= x >>> 33;
    x *= 0xff51afd7ed558ccdL;
    x ^= x >>> 33;
    x *= 0xc4ceb9fe1a85ec53L;
    x ^= x >>> 33;
    return x;
  }
}
