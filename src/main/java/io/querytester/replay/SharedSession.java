package io.querytester.replay;

import java.util.List;

/**
 * A connection per lane and target that runs the spread reads of every captured session in one
 * state (see {@link ReadSpreader}).
 *
 * @param id the key of its connections in a lane's session cache: negative, unlike captured ids
 * @param state the schema and SET statements its connections are brought to when opened
 */
record SharedSession(long id, State state) {

  /**
   * @param schema the default schema, null for the target's own
   * @param sets the session's SET statements, in order
   */
  record State(String schema, List<String> sets) {
    /** No schema of its own, no SETs: a connection as it opens. */
    static final State NONE = new State(null, List.of());

    /** The state after a session statement (USE or SET) of the session. */
    State after(String sessionStatement) {
      SessionState s = toSessionState();
      s.apply(sessionStatement);
      return new State(s.schema(), s.setList());
    }

    State inSchema(String other) {
      return new State(other, sets);
    }

    /** A connection's state to restore when it opens. */
    SessionState toSessionState() {
      return new SessionState(schema, sets);
    }
  }
}
