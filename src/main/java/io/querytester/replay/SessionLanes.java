package io.querytester.replay;

import io.querytester.order.CaptureOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Where each captured session replays when production's order is kept. A session that holds locks
 * (inside a transaction) must never be queued behind a statement that waits for them, nor one
 * waiting for another session's commit hold up a third: so a new session shares a lane only with
 * sessions that the capture shows outside a transaction and that have nothing queued; else it gets
 * a lane of its own, up to the connections the servers allow. {@code --concurrency} lanes exist
 * from the start; the rest are made as sessions need them, so the servers see the concurrency
 * production had, whatever {@code --concurrency} says.
 */
final class SessionLanes {
  private final List<Lane> lanes;
  private final IntConsumer newLane;
  private final CaptureOrder order;
  private final int maxLanes;
  private final Consumer<String> progress;
  private final Map<Long, Integer> home = new HashMap<>();
  private final List<List<Long>> sessionsOf = new ArrayList<>();
  private boolean grew;
  private boolean full;

  SessionLanes(
      List<Lane> lanes,
      IntConsumer newLane,
      CaptureOrder order,
      int maxLanes,
      Consumer<String> progress) {
    this.lanes = lanes;
    this.newLane = newLane;
    this.order = order;
    this.maxLanes = Math.max(maxLanes, lanes.size());
    this.progress = progress;
  }

  int laneOf(long session) {
    Integer lane = home.get(session);
    if (lane == null) {
      lane = pick();
      home.put(session, lane);
      while (sessionsOf.size() <= lane) {
        sessionsOf.add(new ArrayList<>());
      }
      sessionsOf.get(lane).add(session);
    }
    return lane;
  }

  private int pick() {
    for (int i = 0; i < lanes.size(); i++) {
      if (i >= sessionsOf.size() || sessionsOf.get(i).isEmpty()) {
        return i;
      }
    }
    for (int i = 0; i < lanes.size(); i++) {
      if (lanes.get(i).backlog() == 0 && quiet(sessionsOf.get(i))) {
        return i;
      }
    }
    if (lanes.size() < maxLanes) {
      if (!grew) {
        grew = true;
        progress.accept(
            "more sessions at once than --concurrency "
                + lanes.size()
                + ": lanes are added as production's sessions need them (the servers allow "
                + maxLanes
                + ")");
      }
      newLane.accept(lanes.size());
      return lanes.size() - 1;
    }
    if (!full) {
      full = true;
      progress.accept(
          "more sessions at once than the "
              + maxLanes
              + " connections the servers allow the replay: from here busy sessions share lanes,"
              + " and the order may be relaxed where one waits for another on its lane; allow"
              + " more connections (max_connections, --max-connections)");
    }
    int best = 0;
    for (int i = 1; i < lanes.size(); i++) {
      if (lanes.get(i).backlog() < lanes.get(best).backlog()) {
        best = i;
      }
    }
    return best;
  }

  private boolean quiet(List<Long> sessions) {
    for (long s : sessions) {
      if (order.inTransaction(s)) {
        return false;
      }
    }
    return true;
  }
}
