package io.querytester.compare;

import io.querytester.run.LatencyRatio;
import java.util.List;

/**
 * What a class's latency verdict rests on.
 *
 * @param ratio NEW/OLD over the replay's paired executions, with its interval; null with fewer
 *     pairs than the gate's minimum
 * @param replayVerdict the verdict of the replay's executions alone, before any confirmation
 * @param slowest the executions whose NEW was slowest against OLD: what a confirmation runs again
 * @param onLatencyAlone whether the class fails the run by its latency alone, or would if its
 *     borderline latency failed: the classes a confirmation measures again
 * @param confirmation the second measurement after the replay; null when there was none
 */
public record LatencyBasis(
    LatencyRatio ratio,
    LatencyVerdict replayVerdict,
    List<LatencyPairs.Slow> slowest,
    boolean onLatencyAlone,
    Confirmation confirmation) {

  public static final LatencyBasis NONE =
      new LatencyBasis(null, LatencyVerdict.CANNOT_EVALUATE, List.of(), false, null);

  public LatencyBasis {
    slowest = slowest == null ? List.of() : List.copyOf(slowest);
  }

  /** Whether a confirmation should measure the class again: it hangs on latency, unconfirmed. */
  public boolean wantsConfirmation() {
    return onLatencyAlone
        && confirmation == null
        && (replayVerdict == LatencyVerdict.DEGRADED || replayVerdict == LatencyVerdict.BORDERLINE)
        && !slowest.isEmpty();
  }
}
