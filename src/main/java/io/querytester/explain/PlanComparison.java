package io.querytester.explain;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The plans of one class's example statement on OLD and NEW, and what changed between them.
 *
 * @param classId the query class
 * @param reasons why its plan was read: its latency verdict, row order, result under ORDER BY ...
 *     LIMIT
 * @param event the example's line in the workload
 * @param sql the example statement
 * @param status SAME (the cause is elsewhere), DIFFERENT, or UNAVAILABLE (not read on a side)
 * @param summary the comparison in one line
 * @param changes what changed in the plan itself (join order, access, key, temporary table,
 *     filesort, subquery strategy)
 * @param estimates changed estimates (rows, filtered), which alone do not make another plan
 * @param old OLD's plan, null if it could not be read
 * @param neu NEW's plan, null if it could not be read
 * @param oldError why OLD's plan could not be read
 * @param newError why NEW's plan could not be read
 */
public record PlanComparison(
    String classId,
    List<String> reasons,
    long event,
    String sql,
    String status,
    String summary,
    List<String> changes,
    List<String> estimates,
    Plan old,
    @JsonProperty("new") Plan neu,
    String oldError,
    String newError) {

  public PlanComparison {
    // plans.json leaves empty lists out
    reasons = reasons == null ? List.of() : reasons;
    changes = changes == null ? List.of() : changes;
    estimates = estimates == null ? List.of() : estimates;
  }

  public static final String SAME = "SAME";
  public static final String DIFFERENT = "DIFFERENT";
  public static final String UNAVAILABLE = "UNAVAILABLE";

  /** Both plans compared; either may be null with its error. */
  static PlanComparison of(Example example, Plan old, Plan neu, String oldError, String newError) {
    if (old == null || neu == null) {
      String why = old == null ? "OLD: " + oldError : "NEW: " + newError;
      return new PlanComparison(
          example.classId(),
          example.reasons(),
          example.event(),
          example.sql(),
          UNAVAILABLE,
          "no plan comparison (" + why + ")",
          List.of(),
          List.of(),
          old,
          neu,
          oldError,
          newError);
    }
    PlanDiff d = PlanDiff.of(old, neu);
    String status = d.changes().isEmpty() ? SAME : DIFFERENT;
    String summary =
        d.changes().isEmpty()
            ? "same plan"
                + (d.estimates().isEmpty()
                    ? ""
                    : " (estimates: " + String.join("; ", d.estimates()) + ")")
                + ": the cause is elsewhere"
            : "plan changed: " + String.join("; ", d.changes());
    return new PlanComparison(
        example.classId(),
        example.reasons(),
        example.event(),
        example.sql(),
        status,
        summary,
        d.changes(),
        d.estimates(),
        old,
        neu,
        null,
        null);
  }

  /**
   * A statement whose plans are to be read.
   *
   * @param classId its class
   * @param reasons why
   * @param event its line in the workload
   * @param sql the statement
   */
  record Example(String classId, List<String> reasons, long event, String sql) {}
}
