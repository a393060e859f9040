package io.querytester.order;

import java.util.HashSet;
import java.util.Set;

/**
 * One captured session as the capture shows it: its transaction (open or not, its isolation, its
 * snapshot, what it holds locked), and its recent events that others may have to wait for, indexed
 * by what they touched ({@link TouchIndex}).
 */
final class SessionTrack {
  final long id;
  boolean explicit; // BEGIN seen and not ended
  boolean autocommitOff;
  boolean autocommitUnknown;
  String isolation; // null: the server's default
  boolean snapshot; // the open transaction took its read view
  Footprint held = new Footprint(); // locked by the open transaction
  Ticket endTicket; // what the open transaction's end will carry, once someone waits for it
  final Set<Long> waitingForMyEnd = new HashSet<>();

  final TouchIndex publishes = new TouchIndex(); // commit points: their writes seen by others
  final TouchIndex reads = new TouchIndex(); // consistent reads and snapshots taken
  final TouchIndex inserts = new TouchIndex(); // auto-increment counters taken
  final TouchIndex barriers = new TouchIndex();
  Ticket last;

  SessionTrack(long id) {
    this.id = id;
  }

  boolean inTransaction() {
    return explicit || autocommitOff || autocommitUnknown;
  }

  /** Whether nothing of it is pending: others need not look at it. */
  boolean quiet() {
    return (last == null || last.isDone()) && held.isEmpty();
  }

  /** Forgets the events that are done. */
  void prune() {
    publishes.prune();
    reads.prune();
    inserts.prune();
    barriers.prune();
  }

  /** The transaction ended: what it held is released. */
  void ended() {
    explicit = false;
    snapshot = false;
    held = new Footprint();
    endTicket = null;
    waitingForMyEnd.clear();
  }
}
