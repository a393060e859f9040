package io.querytester.run;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** How one execution on one target ended. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "status")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Outcome.Ok.class, name = "ok"),
  @JsonSubTypes.Type(value = Outcome.Failed.class, name = "error"),
  @JsonSubTypes.Type(value = Outcome.TimedOut.class, name = "timeout"),
  @JsonSubTypes.Type(value = Outcome.Lost.class, name = "lost"),
  @JsonSubTypes.Type(value = Outcome.TooLarge.class, name = "too_large")
})
public sealed interface Outcome {

  /** The statement ran to completion. */
  record Ok() implements Outcome {}

  /** The server returned an error. */
  record Failed(int code, String sqlState, String message) implements Outcome {
    /** No message is an empty one: the log leaves an empty one out, and reads it back as none. */
    public Failed {
      message = message == null ? "" : message;
    }
  }

  /** The statement ran past the per-statement timeout and was killed with KILL QUERY. */
  record TimedOut(long afterMillis) implements Outcome {}

  /** The connection broke: the server crashed, restarted or dropped us. */
  record Lost(String message) implements Outcome {
    /** No message is an empty one, as for {@link Failed}. */
    public Lost {
      message = message == null ? "" : message;
    }
  }

  /** The result was larger than the configured guard and was not read to the end. */
  record TooLarge(long rowsRead) implements Outcome {}

  public static Outcome ok() {
    return new Ok();
  }
}
