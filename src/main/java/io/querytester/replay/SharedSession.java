package io.querytester.replay;

import java.util.List;
import java.util.Objects;

/**
 * A connection per lane and target that runs the spread reads of every captured session in one
 * state (see {@link ReadSpreader}). Equal by identity: it keys its connections in a lane's session
 * cache apart from every captured session's, whatever the captured ids.
 */
final class SharedSession {
  private final long id;
  private final State state;

  /**
   * @param id its number in the replay's messages (1 for the first state given a connection)
   * @param state the schema and SET statements its connections are brought to when opened
   */
  SharedSession(long id, State state) {
    this.id = id;
    this.state = state;
  }

  long id() {
    return id;
  }

  State state() {
    return state;
  }

  @Override
  public String toString() {
    return "shared session " + id + " " + state;
  }

  /**
   * @param schema the default schema, null for the target's own
   * @param sets the session's SET statements, in order
   */
  record State(String schema, List<String> sets) {
    /** No schema of its own, no SETs: a connection as it opens. */
    static final State NONE = new State(null, List.of());

    /** The same SETs in another schema. */
    State inSchema(String other) {
      return new State(other, sets);
    }

    /** A connection's state to restore when it opens. */
    SessionState toSessionState() {
      return new SessionState(schema, sets);
    }

    // Written out: a record's own equals and hashCode are linked at their first call by generating
    // method handles, 2 ms of the dispatcher's first event, before the replay's first statement.
    @Override
    public boolean equals(Object o) {
      return o instanceof State s
          && Objects.equals(schema, s.schema)
          && Objects.equals(sets, s.sets);
    }

    @Override
    public int hashCode() {
      return 31 * Objects.hashCode(schema) + Objects.hashCode(sets);
    }
  }
}
