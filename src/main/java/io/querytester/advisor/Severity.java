package io.querytester.advisor;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a finding means for the upgrade; the first two fail the pre-check (exit code 1). */
public enum Severity {
  /** The statement fails on the target (syntax error, unknown variable, a new constraint). */
  @JsonProperty("breaks")
  BREAKS,
  /** The statement runs but may return something else (values, text, types). */
  @JsonProperty("changes")
  CHANGES,
  /** Works with a warning now; the vendor has said it will go. */
  @JsonProperty("deprecated")
  DEPRECATED;

  /** Whether findings of this severity fail the pre-check. */
  public boolean fails() {
    return this != DEPRECATED;
  }

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
