package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.run.RunInfo;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --shard K/N} or {@code --shard auto}: which part of the workload this process replays.
 * Auto reads the scheduler's environment, so one manifest or matrix serves every shard.
 */
final class ShardOptions {
  /** The documented pair for any other scheduler: K from 1 to N, and N. */
  static final String INDEX = "QUERYTESTER_SHARD";

  static final String COUNT = "QUERYTESTER_SHARDS";

  @Option(
      names = "--shard",
      paramLabel = "K/N",
      description = {
        "Replay only the sessions of shard K of N (1 <= K <= N); merge the N run folders with"
            + " 'querytester report DIR...'.",
        "--shard auto takes K and N from the environment: "
            + INDEX
            + "/"
            + COUNT
            + ", GitLab's CI_NODE_INDEX/"
            + "CI_NODE_TOTAL, or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based) with N"
            + " from --shard-count or "
            + COUNT
            + "."
      })
  String shard;

  @Option(
      names = "--shard-count",
      paramLabel = "N",
      description = "N for --shard auto where the scheduler does not say it (Kubernetes).")
  Integer count;

  /** The shard to replay, null for the whole workload. */
  RunInfo.Shard shard(Map<String, String> env) {
    if (shard == null) {
      if (count != null) {
        throw new BadInputException("--shard-count goes with --shard auto");
      }
      return null;
    }
    if (!shard.equals("auto")) {
      if (count != null) {
        throw new BadInputException("--shard-count goes with --shard auto; --shard K/N says N");
      }
      return parse(shard, "--shard");
    }
    return auto(env);
  }

  private RunInfo.Shard auto(Map<String, String> env) {
    if (env.containsKey(INDEX)) {
      return of(env.get(INDEX), countFrom(env, COUNT), INDEX);
    }
    if (env.containsKey("CI_NODE_INDEX")) {
      return of(env.get("CI_NODE_INDEX"), countFrom(env, "CI_NODE_TOTAL"), "CI_NODE_INDEX");
    }
    if (env.containsKey("JOB_COMPLETION_INDEX")) {
      int zeroBased = number(env.get("JOB_COMPLETION_INDEX"), "JOB_COMPLETION_INDEX");
      return of(Integer.toString(zeroBased + 1), countFrom(env, COUNT), "JOB_COMPLETION_INDEX");
    }
    throw new BadInputException(
        "--shard auto found none of "
            + INDEX
            + ", CI_NODE_INDEX, JOB_COMPLETION_INDEX in the environment; set "
            + INDEX
            + " and "
            + COUNT
            + ", or give --shard K/N");
  }

  private String countFrom(Map<String, String> env, String variable) {
    if (count != null) {
      return count.toString();
    }
    String n = env.get(variable);
    if (n == null) {
      throw new BadInputException(
          "--shard auto: the number of shards is unknown; give --shard-count N or set " + variable);
    }
    return n;
  }

  private static RunInfo.Shard of(String index, String count, String source) {
    return parse(index + "/" + count, "--shard auto (" + source + ")");
  }

  static RunInfo.Shard parse(String text, String where) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      throw new BadInputException(where + ": expected K/N (e.g. 2/4) or auto, not '" + text + "'");
    }
    int k = number(text.substring(0, slash), where);
    int n = number(text.substring(slash + 1), where);
    if (n < 1 || k < 1 || k > n) {
      throw new BadInputException(
          where + ": shard " + text + " is not one of 1/" + Math.max(n, 1) + " to N/N");
    }
    return new RunInfo.Shard(k, n);
  }

  private static int number(String text, String where) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new BadInputException(where + ": '" + text + "' is not a whole number");
    }
  }
}
