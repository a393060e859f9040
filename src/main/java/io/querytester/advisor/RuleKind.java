package io.querytester.advisor;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a rule recognises what it is about; each kind reads the statements in its own way. */
public enum RuleKind {
  /** A word that became reserved: used unquoted as a name, a statement no longer parses. */
  @JsonProperty("reserved-word")
  RESERVED_WORD,
  /** A function removed or whose result changed: a call of one of the names. */
  @JsonProperty("function")
  FUNCTION,
  /** A system variable removed, renamed or deprecated: {@code @@name} or {@code SET name}. */
  @JsonProperty("variable")
  VARIABLE,
  /** A character set or collation renamed: the name in statements and in OLD's schema. */
  @JsonProperty("charset")
  CHARSET,
  /** Syntax or behaviour that a regular expression over the statement text recognises. */
  @JsonProperty("pattern")
  PATTERN,
  /** A server default that changed: matters when OLD runs with the old value. */
  @JsonProperty("default-change")
  DEFAULT_CHANGE
}
