package io.querytester.run;

import java.util.Map;

/**
 * The machine while latencies were measured, as Linux's /proc told it: how busy its processors
 * were, how many tasks waited to run, and how much of the work was the servers' and this tool's.
 * Latencies taken on a machine whose processors were all busy carry its queueing: the report says
 * so.
 *
 * @param processors the processors the kernel ran tasks on
 * @param seconds how long the machine was watched
 * @param busy the share of all processors' time that was not idle (0 to 1), steal included
 * @param steal the share a hypervisor gave to other guests instead of this machine
 * @param runQueue runnable tasks on average (the kernel's procs_running), the watch itself left out
 * @param runQueueMax the most runnable tasks seen at one reading
 * @param toolCpuSeconds this tool's processor time (user and system) while it watched
 * @param serverCpuSeconds the processor time of each server this tool started, by label (OLD, NEW);
 *     empty for servers it did not start, which may run elsewhere
 */
public record MachineLoad(
    int processors,
    double seconds,
    double busy,
    double steal,
    double runQueue,
    int runQueueMax,
    double toolCpuSeconds,
    Map<String, Double> serverCpuSeconds) {

  public MachineLoad {
    // run.json leaves an empty map out: servers given by URL have no processor time here
    serverCpuSeconds = serverCpuSeconds == null ? Map.of() : serverCpuSeconds;
  }

  /** The busy share from which the processors count as saturated. */
  public static final double SATURATED_BUSY = 0.95;

  /**
   * Whether latencies measured meanwhile waited for a processor: more runnable tasks than
   * processors on average, or processors busy nearly all the time, or a tenth of the time stolen.
   */
  public boolean saturated() {
    return runQueue > processors || busy >= SATURATED_BUSY || steal >= 0.1;
  }

  /** The processor time nobody here used: other processes on the machine (never below 0). */
  public double othersCpuSeconds() {
    double ours = toolCpuSeconds;
    for (double s : serverCpuSeconds.values()) {
      ours += s;
    }
    return Math.max(0, busy * processors * seconds - ours);
  }
}
