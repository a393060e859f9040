package io.querytester.run;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** One line of {@code health.jsonl}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = CrashEvent.class, name = "crash"),
  @JsonSubTypes.Type(value = RestartEvent.class, name = "restart"),
  @JsonSubTypes.Type(value = StallEvent.class, name = "stall"),
  @JsonSubTypes.Type(value = LogSighting.class, name = "log"),
  @JsonSubTypes.Type(value = HealthSegment.class, name = "segment")
})
public sealed interface HealthRecord
    permits CrashEvent, RestartEvent, StallEvent, LogSighting, HealthSegment {}
