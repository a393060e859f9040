package io.querytester.advisor;

import java.time.Instant;
import java.util.List;

/**
 * What {@code querytester precheck} found, as every report format shows it ({@code precheck.json},
 * documented in docs/advisor.md and docs/precheck.schema.json).
 *
 * @param format always "querytester-precheck"
 * @param version the format version
 * @param workload the workload file
 * @param old OLD's spec (passwords masked), null when only a version was given
 * @param oldVersion OLD's version
 * @param target the target as the user gave it
 * @param targetVersion the target version the rules were chosen for
 * @param flavour mariadb or mysql
 * @param generated when the check ran
 * @param events events in the workload
 * @param classes query classes in the workload
 * @param rulesCrossed the ids of the rules whose version lies between OLD and the target
 * @param schemaChecked whether OLD's schema was read (false without --old)
 * @param findings what the rules found, worst first
 */
public record PrecheckReport(
    String format,
    int version,
    String workload,
    String old,
    String oldVersion,
    String target,
    String targetVersion,
    String flavour,
    Instant generated,
    long events,
    int classes,
    List<String> rulesCrossed,
    boolean schemaChecked,
    List<Finding> findings) {

  public static final String FORMAT = "querytester-precheck";

  /**
   * One rule that matched.
   *
   * @param rule the rule id
   * @param kind how the rule matched (reserved-word, function, ...)
   * @param severity breaks, changes or deprecated
   * @param since the version with the change
   * @param why what changed
   * @param fix what to do
   * @param source where the vendor documents it
   * @param classes the query classes that use it
   * @param events events in those classes
   * @param schemaObjects OLD's schemas, tables and columns concerned (at most {@link
   *     #SCHEMA_SHOWN})
   * @param schemaObjectCount how many there are in all
   */
  public record Finding(
      String rule,
      String kind,
      String severity,
      String since,
      String why,
      String fix,
      String source,
      List<ClassHit> classes,
      long events,
      List<String> schemaObjects,
      int schemaObjectCount) {}

  /** Schema objects listed per finding; the rest are counted. */
  public static final int SCHEMA_SHOWN = 50;

  /**
   * A query class a finding concerns.
   *
   * @param classId the query class id (as in replay reports)
   * @param kind its statement kind
   * @param events its events in the workload
   * @param match what matched, as written in the statement
   * @param example the first statement of the class
   */
  public record ClassHit(String classId, String kind, long events, String match, String example) {}

  /** Findings that fail the check (breaks or changes). */
  public long failing() {
    return findings.stream().filter(f -> !f.severity().equals(Severity.DEPRECATED.label())).count();
  }

  /** Distinct query classes with at least one finding. */
  public long classesAffected() {
    return findings.stream()
        .flatMap(f -> f.classes().stream())
        .map(ClassHit::classId)
        .distinct()
        .count();
  }
}
