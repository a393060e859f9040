package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Flavour;
import io.querytester.server.MariaDbVersions;
import io.querytester.testing.TestServers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped MariaDB rule proven on real servers: its probe runs on the last embedded version
 * before the rule's version (and must show the old behaviour) and on the first from it on (and must
 * show the new one). A rule whose version no pair of embedded servers brackets is reported as
 * skipped, not passed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RuleProbesIT {
  private final Map<Version, EmbeddedTarget> servers = new LinkedHashMap<>();
  private final AtomicInteger databases = new AtomicInteger();

  @BeforeAll
  void start() {
    for (String v : MariaDbVersions.AVAILABLE) {
      servers.put(Version.parse(v), TestServers.start("V" + v, v));
    }
  }

  @AfterAll
  void stop() {
    servers.values().forEach(EmbeddedTarget::close);
  }

  static Stream<Rule> mariaDbRules() {
    return RuleBook.shipped().rules().stream().filter(r -> r.flavour() == Flavour.MARIADB);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mariaDbRules")
  void ruleHoldsOnTheVersionsBeforeAndAfter(Rule rule) throws SQLException {
    Version since = rule.sinceVersion();
    Optional<Version> before =
        servers.keySet().stream().filter(v -> !v.atLeast(since)).reduce((a, b) -> b);
    Optional<Version> after = servers.keySet().stream().filter(v -> v.atLeast(since)).findFirst();
    Assumptions.assumeTrue(
        before.isPresent() && after.isPresent(), "no embedded versions around " + since);
    assertThat(rule.probe()).as("rule %s has a probe", rule.id()).isNotNull();
    check(rule, before.get(), rule.probe().before());
    check(rule, after.get(), rule.probe().after());
  }

  /** The check itself can fail: OFFSET's probe with its expectations swapped fails both ways. */
  @org.junit.jupiter.api.Test
  void aWrongExpectationFails() {
    Rule offset =
        RuleBook.shipped().rules().stream()
            .filter(r -> r.id().equals("mariadb-10.6-reserved-offset"))
            .findFirst()
            .orElseThrow();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> check(offset, Version.parse("10.2.11"), offset.probe().after()))
        .isInstanceOf(AssertionError.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> check(offset, Version.parse("11.4.5"), offset.probe().before()))
        .isInstanceOf(AssertionError.class);
  }

  private void check(Rule rule, Version version, String expectation) throws SQLException {
    Result r = run(servers.get(version), rule.probe());
    String where = rule.id() + " on " + version + " expecting '" + expectation + "': got " + r;
    String[] e = expectation.split(" ", 2);
    String arg = e.length > 1 ? e[1] : "";
    switch (e[0]) {
      case "ok" -> {
        assertThat(r.error()).as(where).isZero();
        assertThat(r.warnings()).as(where).isEmpty();
      }
      case "error" -> assertThat(r.error()).as(where).isEqualTo(Integer.parseInt(arg));
      case "warning" -> {
        assertThat(r.error()).as(where).isZero();
        assertThat(r.warnings()).as(where).contains(Integer.parseInt(arg));
      }
      case "value" -> assertThat(r.first()).as(where).isEqualTo(arg);
      case "not" -> assertThat(r.first()).as(where).isNotNull().isNotEqualTo(arg);
      case "contains" -> assertThat(r.row()).as(where).contains(arg);
      case "lacks" -> assertThat(r.row()).as(where).isNotNull().doesNotContain(arg);
      default -> fail("unknown expectation in " + rule.id() + ": " + expectation);
    }
  }

  /** What a probe did: error code (0 for none), warning codes, the first row. */
  record Result(int error, List<Integer> warnings, String first, String row) {}

  private Result run(EmbeddedTarget server, Rule.Probe probe) throws SQLException {
    String db = "probe" + databases.incrementAndGet();
    try (Connection c = server.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + db);
      s.execute("USE " + db);
      for (String setup : probe.setup()) {
        s.execute(setup);
      }
      try {
        boolean rows = s.execute(probe.sql());
        List<Integer> warnings = new ArrayList<>();
        for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
          warnings.add(w.getErrorCode());
        }
        String first = null;
        StringBuilder row = new StringBuilder();
        if (rows) {
          try (ResultSet rs = s.getResultSet()) {
            if (rs.next()) {
              first = rs.getString(1);
              for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                row.append(rs.getString(i)).append(" | ");
              }
            }
          }
        }
        return new Result(0, warnings, first, rows ? row.toString() : null);
      } catch (SQLException e) {
        return new Result(e.getErrorCode(), List.of(), null, e.getMessage());
      }
    }
  }
}
