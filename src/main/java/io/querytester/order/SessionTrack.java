package io.querytester.order;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * One captured session as the capture shows it: its transaction (open or not, its isolation, its
 * snapshot, what it holds locked), and its recent events that others may have to wait for, kept
 * only while not done. A session's events finish in its order, so the newest event not done that
 * conflicts is the only one of it a later event needs to wait for.
 */
final class SessionTrack {
  /** An event others may wait for, with what it touched. */
  record Entry(Ticket ticket, Footprint footprint) {}

  final long id;
  boolean explicit; // BEGIN seen and not ended
  boolean autocommitOff;
  boolean autocommitUnknown;
  String isolation; // null: the server's default
  boolean snapshot; // the open transaction took its read view
  Footprint held = new Footprint(); // locked by the open transaction
  Ticket endTicket; // what the open transaction's end will carry, once someone waits for it
  final Set<Long> waitingForMyEnd = new HashSet<>();

  // Events not done yet, oldest first, by what others wait for.
  final ArrayDeque<Entry> publishes = new ArrayDeque<>(); // commit points: their writes visible
  final ArrayDeque<Entry> reads = new ArrayDeque<>(); // consistent reads and snapshots taken
  final ArrayDeque<Entry> inserts = new ArrayDeque<>(); // auto-increment counters taken
  final ArrayDeque<Entry> barriers = new ArrayDeque<>();
  Ticket last;

  SessionTrack(long id) {
    this.id = id;
  }

  boolean inTransaction() {
    return explicit || autocommitOff || autocommitUnknown;
  }

  /** The newest entry not done whose footprint overlaps {@code f}, or null. */
  static Ticket newestOverlapping(ArrayDeque<Entry> entries, Footprint f) {
    prune(entries);
    for (Iterator<Entry> it = entries.descendingIterator(); it.hasNext(); ) {
      Entry e = it.next();
      if (e.ticket().isDone()) {
        return null; // the older ones are done too
      }
      if (f == null || e.footprint().overlaps(f)) {
        return e.ticket();
      }
    }
    return null;
  }

  static void prune(ArrayDeque<Entry> entries) {
    while (!entries.isEmpty() && entries.peekFirst().ticket().isDone()) {
      entries.pollFirst();
    }
  }

  /** Whether nothing of it is pending: others need not look at it. */
  boolean quiet() {
    prune(publishes);
    prune(reads);
    prune(inserts);
    prune(barriers);
    return publishes.isEmpty()
        && reads.isEmpty()
        && inserts.isEmpty()
        && barriers.isEmpty()
        && (last == null || last.isDone())
        && held.isEmpty();
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
