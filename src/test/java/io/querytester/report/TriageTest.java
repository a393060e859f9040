package io.querytester.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a class differs, in words, and which classes share a cause. */
class TriageTest {
  @Test
  void theSameColumnChangeOnOtherColumnsIsOneCause() {
    assertThat(Triage.columnChanges("`a`: BIGINT(19) -> INT(10); `b`: BIGINT(19) -> INT(10)"))
        .isEqualTo("BIGINT(19) -> INT(10)");
    assertThat(Triage.columnChanges("`c`: charset utf8 -> utf8mb3"))
        .isEqualTo("charset utf8 -> utf8mb3");
    // The protocol's display lengths follow each expression; the type change is the cause.
    assertThat(Triage.columnChanges("`n`: BIGINT -> INT, length 7 -> 8; `m`: BIGINT -> INT"))
        .isEqualTo("BIGINT -> INT");
    assertThat(Triage.columnChanges("`s`: length 100 -> 116")).isEqualTo("length 100 -> 116");
  }

  @Test
  void classesAreGroupedByErrorTextAndColumnChangeButNotByRowDifferences() {
    List<Report.ClassEntry> classes =
        List.of(
            entry("A", "ERROR_NEW", "NEW ERROR 1305 (42000): FUNCTION x does not exist", null),
            entry("B", "ERROR_NEW", "NEW ERROR 1305 (42000): FUNCTION x does not exist", null),
            entry("C", "ERROR_NEW", "NEW ERROR 1305 (42000): FUNCTION y does not exist", null),
            entry("D", "METADATA", "`a`: charset utf8 -> utf8mb3", null),
            entry("E", "METADATA", "`b`: charset utf8 -> utf8mb3", null),
            entry("F", "RESULT", "same row count (1), different values", null),
            entry("G", "RESULT", "same row count (1), different values", null));
    List<Findings.Finding> findings = Findings.of(classes);
    assertThat(findings)
        .extracting(f -> f.classes().stream().map(Report.ClassEntry::classId).toList())
        .containsExactly(
            List.of("A", "B"), List.of("D", "E"), List.of("C"), List.of("F"), List.of("G"));
    assertThat(findings.get(1).why()).isEqualTo("column types: charset utf8 -> utf8mb3");
  }

  @Test
  void whyNamesTheFirstDifferingValueOfRowsPairedByKey() {
    Report.Samples samples =
        new Report.Samples(
            List.of("id", "city"),
            List.of(List.of("1", "Lyon"), List.of("2", "Nice")),
            List.of(List.of("2", "Nice"), List.of("1", "Lyon ")),
            false);
    assertThat(Triage.why(entry("A", "RESULT", "same row count (2), different values", samples)))
        .isEqualTo("result values: `city` is 'Lyon' on OLD, 'Lyon ' on NEW");
    assertThat(Triage.why(entry("B", "ERROR_NEW", "NEW ERROR 1064 (42000): syntax", null)))
        .isEqualTo("error on NEW only: NEW ERROR 1064 (42000): syntax");
  }

  @Test
  void aValueDifferenceComesDownToTheWordThatWasReplaced() {
    assertThat(Substitution.of("utf8_general_ci", "utf8mb3_general_ci"))
        .isEqualTo(new Substitution("utf8", "utf8mb3"));
    assertThat(Substitution.of("utf8", "utf8mb3")).isEqualTo(new Substitution("utf8", "utf8mb3"));
    assertThat(
            Substitution.of(
                ") ENGINE=InnoDB DEFAULT CHARSET=utf8",
                ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci"))
        .isEqualTo(new Substitution("utf8", "utf8mb3"));
    // No word was replaced: the differing text, widened to whole words, is the substitution.
    assertThat(Substitution.of("Lyon", "Lyon ")).isEqualTo(new Substitution("Lyon", "Lyon "));
    assertThat(Substitution.of("2024-04-05 04:10:42", "2024-04-05 04:10:43"))
        .isEqualTo(new Substitution("42", "43"));
    assertThat(Substitution.of(null, "x")).isEqualTo(new Substitution(null, "x"));
    assertThat(Substitution.of("[redacted 1a2b3c]", "[redacted 4d5e6f]"))
        .isEqualTo(new Substitution("[redacted 1a2b3c]", "[redacted 4d5e6f]"));
  }

  @Test
  void classesWhoseFirstDifferingValueShowsTheSameSubstitutionAreOneFinding() {
    List<Report.ClassEntry> classes =
        List.of(
            values("A", "COLLATION(c)", "utf8_general_ci", "utf8mb3_general_ci"),
            values("B", "CHARACTER_SET_NAME", "utf8", "utf8mb3"),
            values("C", "city", "Lyon", "Lyon "),
            values("D", "Create Table", "CHARSET=utf8", "CHARSET=utf8mb3 COLLATE=utf8mb3_bin"),
            values("E", "city", "Nice", "Nice!"));
    List<Findings.Finding> findings = Findings.of(classes);
    assertThat(findings)
        .extracting(f -> f.classes().stream().map(Report.ClassEntry::classId).toList())
        .containsExactly(List.of("A", "B", "D"), List.of("C"), List.of("E"));
    assertThat(findings.getFirst().why())
        .isEqualTo(
            "result values: 'utf8' on OLD became 'utf8mb3' on NEW, e.g. `COLLATION(c)` is"
                + " 'utf8_general_ci' on OLD, 'utf8mb3_general_ci' on NEW");
    // A substitution of one class alone keeps that class's own words.
    assertThat(findings.get(1).why())
        .isEqualTo("result values: `city` is 'Lyon' on OLD, 'Lyon ' on NEW");
  }

  @Test
  void numbersThatChangeAlikeInTwoClassesAreNoSharedCause() {
    // a count in one class, a flag in another; a time a second later in two more
    List<Report.ClassEntry> classes =
        List.of(
            values("A", "COUNT(*)", "0", "1"),
            values("B", "active", "0", "1"),
            values("C", "at", "2026-11-25 10:00:00", "2026-11-25 10:00:01"),
            values("D", "seen", "12:00", "12:01"));
    assertThat(Findings.of(classes)).hasSize(4);
  }

  /** The same class with a cause from the cause step. */
  static Report.ClassEntry withCause(Report.ClassEntry c, Report.CauseInfo cause) {
    return new Report.ClassEntry(
        c.classId(),
        c.fingerprint(),
        c.example(),
        c.kind(),
        c.verdict(),
        c.executions(),
        c.skipped(),
        c.skipReason(),
        c.differences(),
        c.errors(),
        c.nondeterminism(),
        c.latency(),
        c.detailed(),
        c.examples(),
        c.curve(),
        c.plan(),
        cause);
  }

  /** A RESULT class whose row with key 1 has {@code old} on OLD and {@code neu} on NEW. */
  static Report.ClassEntry values(String id, String column, String old, String neu) {
    Report.Samples samples =
        new Report.Samples(
            List.of("id", column), List.of(List.of("1", old)), List.of(List.of("1", neu)), false);
    return entry(id, "RESULT", "same row count (1), different values", samples);
  }

  static Report.ClassEntry entry(String id, String kind, String detail, Report.Samples samples) {
    Report.Percentiles p = new Report.Percentiles(1, 100, 100, 100, 100);
    String label = io.querytester.run.DiffKind.valueOf(kind).label();
    return new Report.ClassEntry(
        id,
        "select ?",
        "select 1",
        "READ",
        "REGRESSION",
        1,
        0,
        null,
        List.of(new Report.ClassDiff(kind, label, 1, true, null)),
        new Report.Errors(0, 0, 0),
        List.of(),
        new Report.Latency(p, p, 1.0, 1.0, "CANNOT_EVALUATE", null),
        true,
        List.of(
            new Report.Example(
                1, "select 1", null, null, List.of(new Report.Diff(kind, detail, samples)))),
        null,
        null,
        null);
  }
}
