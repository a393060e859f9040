package io.querytester.replay;

/**
 * Which threads run the lanes and their second sides. Platform threads, each blocking in the kernel
 * on its socket, while lanes are few for the processors: a statement's hand-over between a lane and
 * its partner then spins instead of parking ({@link SpinPolicy}), which at one connection per side
 * is what keeps up with the servers. Virtual threads once the lanes far outnumber the processors:
 * 64 platform threads on 2 processors spent a fifth of their CPU in the kernel switching between
 * them, and the servers shared the same 2 processors; at one connection per side virtual threads
 * were slower (measured: bench/replay/README.md, "Lanes and threads").
 *
 * @param virtual whether lanes and their partners are virtual threads
 */
record LaneThreads(boolean virtual) {
  /** Virtual threads from this many lanes per processor. */
  static final int VIRTUAL_FROM_LANES_PER_PROCESSOR = 8;

  /**
   * The JDK from which lanes may be virtual threads: the one measured. Before JDK 24 a virtual
   * thread blocked in a synchronized block (the Unix-socket targets read through one) held its
   * carrier.
   */
  static final int VIRTUAL_FROM_JDK = 25;

  /** For {@code lanes} lanes on this machine and JDK. */
  static LaneThreads forLanes(int lanes) {
    return forLanes(lanes, Runtime.getRuntime().availableProcessors(), Runtime.version().feature());
  }

  static LaneThreads forLanes(int lanes, int processors, int jdk) {
    return new LaneThreads(
        jdk >= VIRTUAL_FROM_JDK
            && lanes >= VIRTUAL_FROM_LANES_PER_PROCESSOR * Math.max(1, processors));
  }

  /**
   * Starts {@code task} on a thread of this kind; a platform thread is a daemon when asked (a
   * virtual thread always is).
   */
  Thread start(String name, boolean daemon, Runnable task) {
    return virtual
        ? Thread.ofVirtual().name(name).start(task)
        : Thread.ofPlatform().daemon(daemon).name(name).start(task);
  }

  /**
   * The processors a {@link SpinPolicy} may count on: none to spare for a virtual thread, whose
   * spin would hold its carrier from the lanes waiting to run on it.
   */
  int spinProcessors() {
    return virtual ? 1 : Runtime.getRuntime().availableProcessors();
  }
}
