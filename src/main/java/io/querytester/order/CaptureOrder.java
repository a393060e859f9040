package io.querytester.order;

import io.querytester.workload.StatementAccess;
import io.querytester.workload.StatementAccess.Kind;
import io.querytester.workload.StatementAccess.TableUse;
import io.querytester.workload.StatementAccess.Transaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Production's order between sessions, event by event in capture order: each event gets a {@link
 * Step} that waits for the earlier events of other sessions it conflicts with, and nothing else.
 *
 * <p>What conflicts, for InnoDB's multi-version reads:
 *
 * <ul>
 *   <li>A read sees the commits before its snapshot: the first consistent read of a REPEATABLE READ
 *       transaction takes a snapshot of everything, so it waits for every earlier commit and every
 *       later commit waits for it; the transaction's later reads see that snapshot and need no
 *       order. A read outside a transaction, or under READ COMMITTED, takes its own snapshot of
 *       what it reads.
 *   <li>A write, and a locking read, reads the latest rows: it waits for the earlier commits that
 *       changed them. What it changes is seen by others at its transaction's end (at once outside a
 *       transaction, and for tables of engines without transactions).
 *   <li>Inserts into one table take its auto-increment counter in order.
 *   <li>DDL, LOCK TABLES, stored routines, named locks, sequences, anything not recognised, and
 *       writes to tables with triggers or through views may touch anything: ordered against every
 *       other session.
 * </ul>
 *
 * Rows are told apart by their key where the text names them and the table has exactly one unique
 * key ({@link SchemaFacts}); else the whole table counts. One thread calls {@link #admit}.
 */
public final class CaptureOrder {
  private static final Ticket[] NONE = {};

  /** Events between two sweeps of what is done out of the sessions' indexes. */
  private static final int PRUNE_EVERY = 16_384;

  private final SchemaFacts facts;
  private final String defaultIsolation;
  private final Map<Long, SessionTrack> sessions = new HashMap<>();
  private final LinkedHashSet<SessionTrack> active = new LinkedHashSet<>();
  private long admitted;
  private long waits;

  /**
   * @param facts what the servers say about the tables
   * @param defaultIsolation the servers' isolation level ({@code REPEATABLE-READ} ...), for
   *     sessions that set none
   */
  public CaptureOrder(SchemaFacts facts, String defaultIsolation) {
    this.facts = facts;
    this.defaultIsolation =
        defaultIsolation == null ? "REPEATABLE-READ" : defaultIsolation.toUpperCase();
  }

  /**
   * The step of the next event in capture order.
   *
   * @param line the event's line in the workload
   * @param session its captured session
   * @param schema its session's default schema
   * @param sql its text
   * @param calls names it calls like functions that are no known built-in (lower case)
   * @param errorCode the error it ended with in production, 0 or null for none
   */
  public Step admit(
      long line, long session, String schema, String sql, Set<String> calls, Integer errorCode) {
    if (++admitted % PRUNE_EVERY == 0) {
      sessions.values().forEach(SessionTrack::prune);
    }
    SessionTrack s = sessions.computeIfAbsent(session, SessionTrack::new);
    StatementAccess access = StatementAccess.of(sql, schema);
    Effects fx = effects(s, access, calls);
    if (errorCode != null && errorCode == 1213 && s.inTransaction()) {
      fx.endsTransaction = true; // a deadlock victim: its transaction was rolled back
    }
    Ticket ticket =
        fx.endsTransaction && s.endTicket != null ? s.endTicket : new Ticket(line, session);
    ticket.line(line);
    Ticket[] waitFor = waitsFor(s, fx);
    record(s, ticket, fx, access);
    if (waitFor.length > 0) {
      waits++;
    }
    return new Step(ticket, waitFor);
  }

  /**
   * The capture ended: a transaction it never saw end (the capture was cut) releases those who wait
   * for it; on the servers its session's connection closes at the replay's end, which rolls it
   * back.
   */
  public void finish() {
    for (SessionTrack s : sessions.values()) {
      if (s.endTicket != null) {
        s.endTicket.complete();
      }
    }
  }

  /** Whether the capture shows the session inside a transaction now. */
  public boolean inTransaction(long session) {
    SessionTrack s = sessions.get(session);
    return s != null && s.inTransaction();
  }

  /** Events admitted, and how many of them wait for another session. */
  public String summary() {
    return admitted + " events in " + sessions.size() + " sessions, " + waits + " wait for others";
  }

  /** What an event does, as far as others are concerned. */
  private static final class Effects {
    boolean barrier;
    String why;
    boolean snapshot; // takes a read view of everything
    final Footprint statementRead = new Footprint(); // a snapshot of what it reads, now
    final Footprint latest = new Footprint(); // rows it reads at their latest (writes, locks)
    final Footprint locks = new Footprint(); // rows it locks
    final Footprint publish = new Footprint(); // rows others see changed once it is done
    final Set<String> inserts = new java.util.HashSet<>();
    boolean endsTransaction;
  }

  private Effects effects(SessionTrack s, StatementAccess a, Set<String> calls) {
    Effects fx = new Effects();
    if (a.kind() == Kind.BARRIER) {
      return barrier(fx, s, a.why(), implicitCommit(a.why()));
    }
    if (calls != null && facts.callsRoutine(calls)) {
      return barrier(fx, s, "calls a stored function", false);
    }
    String iso = a.isolation() != null ? a.isolation() : isolation(s);
    boolean inTxn = s.inTransaction();
    switch (a.kind()) {
      case READ -> {
        boolean serializable = iso.equals("SERIALIZABLE") && inTxn;
        Footprint f = new Footprint();
        if (!rows(a.reads(), f, null, fx)) {
          return barrier(fx, s, fx.why, false);
        }
        if (serializable) {
          fx.latest.addAll(f);
          fx.locks.addAll(f);
        } else if (inTxn && !readCommitted(iso)) {
          if (!s.snapshot) {
            fx.snapshot = true;
          }
          if (iso.equals(StatementAccess.UNKNOWN)) {
            fx.statementRead.addAll(f);
          }
          nonTransactional(a.reads(), fx.statementRead);
        } else {
          fx.statementRead.addAll(f);
        }
      }
      case LOCKING_READ -> {
        if (!rows(a.reads(), fx.locks, null, fx)) {
          return barrier(fx, s, fx.why, false);
        }
        locked(fx, inTxn);
      }
      case WRITE -> {
        // What a write reads (INSERT ... SELECT, a subquery) it locks too, as InnoDB does.
        if (!rows(a.writes(), fx.locks, fx.inserts, fx) || !rows(a.reads(), fx.locks, null, fx)) {
          return barrier(fx, s, fx.why, false);
        }
        locked(fx, inTxn);
        if (inTxn) {
          nonTransactional(a.writes(), fx.publish);
        }
      }
      case TRANSACTION -> transaction(fx, s, a.transaction());
      default -> {}
    }
    return fx;
  }

  /**
   * A statement that locks what it reads sees the latest rows; outside a transaction its locks go,
   * and its changes are seen, when it ends.
   */
  private static void locked(Effects fx, boolean inTxn) {
    fx.latest.addAll(fx.locks);
    if (!inTxn) {
      fx.publish.addAll(fx.locks);
    }
  }

  private void transaction(Effects fx, SessionTrack s, Transaction t) {
    boolean open = s.inTransaction();
    switch (t) {
      case BEGIN, BEGIN_WITH_SNAPSHOT, END, END_AND_BEGIN -> {
        if (open) {
          fx.publish.addAll(s.held);
          fx.endsTransaction = true;
        }
        fx.snapshot = t == Transaction.BEGIN_WITH_SNAPSHOT;
      }
      case AUTOCOMMIT_ON, AUTOCOMMIT_UNKNOWN -> {
        if (open) {
          fx.publish.addAll(s.held);
          fx.endsTransaction = true;
        }
      }
      default -> {}
    }
  }

  private static Effects barrier(Effects fx, SessionTrack s, String why, boolean commits) {
    fx.barrier = true;
    fx.why = why;
    fx.endsTransaction = commits && s.inTransaction();
    return fx;
  }

  /** DDL and LOCK TABLES commit the session's open transaction first. */
  private static boolean implicitCommit(String why) {
    return StatementAccess.DDL.equals(why) || why.endsWith(" TABLES");
  }

  private String isolation(SessionTrack s) {
    return s.isolation != null ? s.isolation : defaultIsolation;
  }

  private static boolean readCommitted(String iso) {
    return iso.equals("READ-COMMITTED") || iso.equals("READ-UNCOMMITTED");
  }

  /** Tables of engines without transactions: their reads and writes are seen at once. */
  private void nonTransactional(List<TableUse> uses, Footprint into) {
    for (TableUse u : uses) {
      SchemaFacts.Table t = facts.table(u.table());
      if (t != null && !t.transactional()) {
        into.addWhole(u.table());
      }
    }
  }

  /**
   * Adds the rows of {@code uses} to {@code into}, by key where the table allows it.
   *
   * @return false when a use makes the statement a barrier (a view written, a table with triggers
   *     written), with the reason in {@code fx.why}
   */
  private boolean rows(List<TableUse> uses, Footprint into, Set<String> inserts, Effects fx) {
    for (TableUse u : uses) {
      SchemaFacts.Table t = facts.table(u.table());
      if (t != null && (t.view() || (inserts != null && t.triggers()))) {
        if (inserts != null) {
          fx.why = t.view() ? "writes through a view" : "writes a table with triggers";
          return false;
        }
        into.addEverything(); // a view reads tables its name does not tell
        continue;
      }
      if (inserts != null && u.insert()) {
        inserts.add(u.table());
      }
      if (t != null && inserts != null) {
        t.related().forEach(into::addWhole); // foreign keys check and cascade there
      }
      List<String> keys = keys(u, t);
      if (keys == null) {
        into.addWhole(u.table());
      } else {
        keys.forEach(k -> into.addRow(u.table(), k));
      }
    }
    return true;
  }

  /** The keys of the rows a use names, or null for the whole table. */
  private static List<String> keys(TableUse u, SchemaFacts.Table t) {
    if (u.rows() == null || t == null || !t.rowsByKey()) {
      return null;
    }
    List<String> keys = new ArrayList<>(u.rows().size());
    for (Map<String, String> row : u.rows()) {
      StringBuilder k = new StringBuilder();
      for (int i = 0; i < t.key().size(); i++) {
        String v = row.get(t.key().get(i));
        if (v == null && t.keyPositions().get(i) > 0) {
          v = row.get("#" + t.keyPositions().get(i));
        }
        if (v == null) {
          return null;
        }
        k.append(i == 0 ? "" : "\u0001").append(v);
      }
      keys.add(k.toString());
    }
    return keys;
  }

  // ---- waits

  private Ticket[] waitsFor(SessionTrack s, Effects fx) {
    List<Ticket> out = null;
    Footprint visible = new Footprint();
    visible.addAll(fx.statementRead);
    visible.addAll(fx.latest);
    for (Iterator<SessionTrack> it = active.iterator(); it.hasNext(); ) {
      SessionTrack e = it.next();
      if (e == s) {
        continue;
      }
      if (e.quiet()) {
        it.remove();
        continue;
      }
      Ticket newest = null;
      if (fx.barrier) {
        newest = e.last != null && !e.last.isDone() ? e.last : null;
      } else {
        newest = newer(newest, e.barriers.newestOverlapping(null));
        if (fx.snapshot) {
          newest = newer(newest, e.publishes.newestOverlapping(null));
        } else if (!visible.isEmpty()) {
          newest = newer(newest, e.publishes.newestOverlapping(visible));
        }
        if (!fx.publish.isEmpty() && !s.waitingForMyEnd.contains(e.id)) {
          newest = newer(newest, e.reads.newestOverlapping(fx.publish));
        }
        if (!fx.inserts.isEmpty()) {
          Footprint ins = new Footprint();
          fx.inserts.forEach(ins::addWhole);
          newest = newer(newest, e.inserts.newestOverlapping(ins));
        }
        // A lock the capture shows held by another open transaction: production waited for its
        // end, which the log wrote after this event.
        // Not when e itself waits for s's end: then what the capture shows s holding, s took after
        // e's end (two transactions waiting for each other would have been a deadlock there).
        if (!fx.locks.isEmpty()
            && e.inTransaction()
            && !s.waitingForMyEnd.contains(e.id)
            && e.held.sharesRow(fx.locks)) {
          if (e.endTicket == null) {
            e.endTicket = new Ticket(-1, e.id);
          }
          e.waitingForMyEnd.add(s.id);
          newest = newer(newest, e.endTicket);
        }
      }
      if (newest != null) {
        if (out == null) {
          out = new ArrayList<>(4);
        }
        out.add(newest);
      }
    }
    return out == null ? NONE : out.toArray(Ticket[]::new);
  }

  private static Ticket newer(Ticket a, Ticket b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    if (a.line() < 0) {
      return a; // a transaction's end not yet seen: later than anything admitted
    }
    if (b.line() < 0) {
      return b;
    }
    return b.line() > a.line() ? b : a;
  }

  // ---- state

  private void record(SessionTrack s, Ticket ticket, Effects fx, StatementAccess a) {
    Footprint everything = Footprint.EVERYTHING;
    if (fx.barrier) {
      s.barriers.add(ticket, everything);
    }
    if (fx.snapshot) {
      s.reads.add(ticket, everything);
      s.snapshot = true;
    }
    if (!fx.statementRead.isEmpty()) {
      s.reads.add(ticket, fx.statementRead);
    }
    if (!fx.publish.isEmpty()) {
      s.publishes.add(ticket, fx.publish);
    }
    if (!fx.inserts.isEmpty()) {
      Footprint ins = new Footprint();
      fx.inserts.forEach(ins::addWhole);
      s.inserts.add(ticket, ins);
    }
    s.last = ticket;
    if (fx.endsTransaction) {
      s.ended();
    }
    if (a.isolation() != null && a.kind() != Kind.BARRIER) {
      s.isolation = a.isolation();
    }
    switch (a.transaction()) {
      case BEGIN, END_AND_BEGIN -> s.explicit = true;
      case BEGIN_WITH_SNAPSHOT -> {
        s.explicit = true;
        s.snapshot = true;
      }
      case END -> s.explicit = false;
      case AUTOCOMMIT_OFF -> {
        s.autocommitOff = true;
        s.autocommitUnknown = false;
      }
      case AUTOCOMMIT_ON -> {
        s.autocommitOff = false;
        s.autocommitUnknown = false;
      }
      case AUTOCOMMIT_UNKNOWN -> s.autocommitUnknown = true;
      default -> {}
    }
    if (s.inTransaction() && !fx.locks.isEmpty()) {
      s.held.addAll(fx.locks);
    }
    active.add(s);
  }
}
