package io.querytester.compare;

import io.querytester.run.LatencyCheck;
import io.querytester.run.LatencyRatio;
import io.querytester.run.MachineLoad;
import java.util.List;

/**
 * What a second measurement of a class's latency ({@link LatencyCheck}) says under the gate.
 *
 * @param outcome whether the slowdown held
 * @param ratio NEW/OLD over the measured pairs with its interval; null when nothing was measured
 * @param oldP50Micros OLD's median latency in the measurement
 * @param newP50Micros NEW's
 * @param events the example statements measured
 * @param seconds how long it took
 * @param error why it could not be measured, else null
 * @param machine the machine's load meanwhile; null when not known
 */
public record Confirmation(
    Outcome outcome,
    LatencyRatio ratio,
    long oldP50Micros,
    long newP50Micros,
    List<Long> events,
    double seconds,
    String error,
    MachineLoad machine) {

  /** What the second measurement decided. */
  public enum Outcome {
    /**
     * Its interval lies above the ratio, and NEW is slower by more than the delta: a regression.
     */
    HELD,
    /** Its interval lies below the ratio, or NEW was slower by less than the delta. */
    NOT_HELD,
    /** Its interval still reaches both sides of the ratio. */
    UNDECIDED,
    /** Nothing could be measured (an error, a statement that must not run again). */
    NOT_RUN
  }
}
