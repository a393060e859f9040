package io.querytester.drift;

import java.util.List;

/**
 * The sessions one chunk in flight uses: its own source session (the chunk checksum, then the
 * source's position on the same session) and a {@link Lane} per replica. {@code --parallel N} opens
 * N of them.
 *
 * @param source the chunk checksum and the position read right after it
 * @param lanes one per replica, in the order given
 */
record Worker(Side source, List<Lane> lanes) {
  Worker {
    lanes = List.copyOf(lanes);
  }

  /** The same worker with only the lanes of replicas that can check the current table. */
  Worker only(List<String> replicaLabels) {
    return new Worker(
        source, lanes.stream().filter(l -> replicaLabels.contains(l.replica().label())).toList());
  }
}
