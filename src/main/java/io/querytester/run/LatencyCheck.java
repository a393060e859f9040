package io.querytester.run;

import java.util.List;

/**
 * A class's latency measured again after the replay, with the servers still up, before a slowdown
 * may fail the run: its example statements, each in its session's state, run on OLD and on NEW in
 * turn, so that each pair saw the same moment of the machine. The measurements are kept as taken;
 * what they mean under a gate is the analysis's to say.
 *
 * @param classId the class
 * @param events the example statements' lines in the workload
 * @param oldMicros OLD's latencies, one per pair
 * @param newMicros NEW's, the i-th measured beside OLD's i-th
 * @param seconds how long the measuring took
 * @param error why the class could not be measured (a side's error, a refused statement), else null
 * @param machine the machine's load while it was measured; null when not known
 */
public record LatencyCheck(
    String classId,
    List<Long> events,
    List<Long> oldMicros,
    List<Long> newMicros,
    double seconds,
    String error,
    MachineLoad machine) {

  public LatencyCheck {
    events = events == null ? List.of() : List.copyOf(events);
    oldMicros = oldMicros == null ? List.of() : List.copyOf(oldMicros);
    newMicros = newMicros == null ? List.of() : List.copyOf(newMicros);
  }

  /** A class that could not be measured, and why. */
  public static LatencyCheck failed(String classId, List<Long> events, String why) {
    return new LatencyCheck(classId, events, List.of(), List.of(), 0, why, null);
  }
}
