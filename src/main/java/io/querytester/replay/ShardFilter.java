package io.querytester.replay;

import io.querytester.BadInputException;
import io.querytester.order.ConflictGroups;
import io.querytester.run.RunInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
  public static final ShardFilter ALL = new ShardFilter(null, null);

  private final RunInfo.Shard shard;
  private final Map<Long, Long> group; // a write replay's: session -> its conflict group

  private ShardFilter(RunInfo.Shard shard, Map<Long, Long> group) {
    this.shard = shard;
    this.group = group;
  }

  public static ShardFilter of(RunInfo.Shard shard) {
    return shard == null ? ALL : new ShardFilter(shard, null);
  }

  /**
   * The shard of a write replay: whole conflict groups (sessions that write what others touch),
   * each placed by the hash of its smallest session id, so every shard agrees without talking.
   * Refused when the workload is one group: splitting it would lose production's order.
   */
  public static ShardFilter forWrites(RunInfo.Shard shard, ConflictGroups groups) {
    if (shard == null) {
      return ALL;
    }
    Map<Long, Long> of = groups.groups();
    int count = groups.count();
    if (count < 2) {
      throw new BadInputException(
          "--shard with --allow-writes: the workload's "
              + of.size()
              + " sessions form one group that must replay together to keep production's order"
              + " (they write tables others touch: "
              + describe(groups)
              + "); replay it without --shard");
    }
    return new ShardFilter(shard, Map.copyOf(of));
  }

  private static String describe(ConflictGroups groups) {
    List<String> parts = new ArrayList<>();
    if (!groups.sharedTables().isEmpty()) {
      parts.add(
          String.join(", ", groups.sharedTables().stream().limit(5).toList())
              + (groups.sharedTables().size() > 5 ? " ..." : ""));
    }
    if (!groups.barriers().isEmpty()) {
      parts.add("statements that may touch any table: " + String.join(", ", groups.barriers()));
    }
    return String.join("; ", parts);
  }

  /** The shard, null for the whole workload. */
  public RunInfo.Shard shard() {
    return shard;
  }

  /** True when this shard replays the session. */
  public boolean accepts(Long session) {
    if (shard == null) {
      return true;
    }
    long s = session == null ? 0 : session;
    long key = group == null ? s : group.getOrDefault(s, s);
    return shardOf(key, shard.count()) == shard.index();
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
