package io.querytester.advisor;

/** What every rule must say, so that a finding can always tell the user why and what to do. */
final class RuleChecks {
  private RuleChecks() {}

  static void check(Rule r) {
    require(r, r.id() != null && !r.id().isBlank(), "an id");
    require(r, r.kind() != null, "a kind");
    require(r, r.since() != null, "a since version");
    r.sinceVersion();
    require(r, r.severity() != null, "a severity");
    require(r, r.source() != null && r.source().startsWith("https://"), "a source URL");
    require(r, r.why() != null && r.fix() != null, "a why and a fix");
    require(r, (r.probe() == null) != (r.untestable() == null), "a probe or an untestable reason");
    switch (r.kind()) {
      case RESERVED_WORD, FUNCTION, VARIABLE, CHARSET -> require(r, !r.names().isEmpty(), "names");
      case PATTERN -> require(r, r.pattern() != null, "a pattern");
      case DEFAULT_CHANGE ->
          require(r, r.variable() != null && r.newDefault() != null, "a variable and new_default");
    }
    if (r.pattern() != null) {
      r.compiledPattern();
    }
  }

  private static void require(Rule r, boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("rule " + r.id() + " needs " + what);
    }
  }
}
