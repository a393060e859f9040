package io.querytester.replay;

/**
 * Whether one side of a {@link PartnerThread} hand-over spins for a while (the partner for its next
 * task, the lane for the task's end) before it parks: only while recent spins paid off. Each
 * instance is used by one thread alone.
 *
 * <p>At one connection per side the hand-over and the hand-back each come within tens of
 * microseconds of the other thread's going to wait; a thread that had parked waited for the
 * kernel's wake-up, and the statement's other side waited for it (parking cost a tenth of the
 * replay phase: bench/replay/README.md). With 8 or 32 connections per side the other thread takes
 * much longer (fewer than 1% of spins were met) and spinning would take the CPU from the servers.
 * So a thread spins while a running share of its spins that were met (each new spin weighs 1/16)
 * stays above a quarter, which spins met about half the time or more keep up; once it has stopped,
 * it spins in one wait of {@link #PROBE_EVERY}, and four of those met in a row start it again, when
 * the replay's pace changed.
 */
final class SpinPolicy {
  /**
   * The partner's spin for its next task: met in 75% of waits at one connection per side. 30 us
   * were met too seldom to pay, 100 us gained less.
   */
  static final long TASK_NANOS = 50_000;

  /**
   * The lane's spin for the task's end: the other server's half of a statement often ends a little
   * later (six interleaved rounds at one connection: replay phase 6.54-7.16 s with 50 us, 6.24-7.02
   * s with 100 us, the same CPU; 150 us no better).
   */
  static final long END_NANOS = 100_000;

  /** When not spinning, one wait in this many spins all the same. */
  static final int PROBE_EVERY = 64;

  /** The share of recent spins that were met, in 1/1024ths; each new spin weighs 1/16. */
  private static final int ALL = 1024;

  private static final int ENOUGH = ALL / 4;

  /** With one processor a spin only delays the thread it waits for. */
  private final boolean enabled;

  private final long nanos;

  /** Half: a thread whose first spins go unmet stops after eleven, not twenty-two. */
  private int met = ALL / 2;

  private int waits;

  SpinPolicy(int processors, long nanos) {
    this.enabled = processors > 1;
    this.nanos = nanos;
  }

  /** How long one spin lasts. */
  long nanos() {
    return nanos;
  }

  /** Whether to spin before parking, this time. */
  boolean spin() {
    return enabled && (met >= ENOUGH || ++waits % PROBE_EVERY == 0);
  }

  /** Whether the spin just made was met: what it waited for came within {@link #nanos()}. */
  void spun(boolean wasMet) {
    met += ((wasMet ? ALL : 0) - met) >> 4;
  }
}
