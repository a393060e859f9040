package io.querytester.report;

/**
 * How much a report may hold, so that a run of millions of events still gives a report that opens
 * quickly. What is cut is listed in the report itself.
 *
 * @param maxExamples differing executions kept per class and difference kind
 * @param maxClasses classes listed in report.html, report.json and junit.xml (worst first)
 * @param maxDetailedClasses classes shown with examples, row samples and a latency curve
 * @param maxSampleRows differing rows shown per side and difference
 * @param maxValueChars characters shown of one value (longer ones end with "...")
 * @param maxDetailChars user text (statements, values, messages) allowed in all the details
 *     together; classes after that are listed without details
 */
public record ReportLimits(
    int maxExamples,
    int maxClasses,
    int maxDetailedClasses,
    int maxSampleRows,
    int maxValueChars,
    long maxDetailChars) {

  public static final ReportLimits DEFAULT = new ReportLimits(5, 5000, 200, 10, 300, 3_000_000);

  /** The longest statement shown: a few values' worth, enough for any statement people read. */
  int maxStatementChars() {
    return Math.max(200, maxValueChars * 10);
  }
}
