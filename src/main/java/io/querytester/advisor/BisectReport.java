package io.querytester.advisor;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * What {@code querytester bisect} found: per differing class of a run, how its example statements
 * behaved on each version (like OLD, like NEW), the last version like OLD and the first like NEW.
 * Written as {@code bisect.json} (docs/advisor.md, docs/bisect.schema.json).
 *
 * @param format always "querytester-bisect"
 * @param version the format version
 * @param run the run folder bisected
 * @param old the run's OLD version
 * @param neu the run's NEW version
 * @param versions the servers replayed on, in version order
 * @param generated when the bisect ran
 * @param classes one entry per class bisected
 * @param notBisected classes of the run left out, with the reason
 */
public record BisectReport(
    String format,
    int version,
    String run,
    String old,
    @JsonProperty("new") String neu,
    List<Tested> versions,
    Instant generated,
    List<ClassResult> classes,
    List<Left> notBisected) {

  public static final String FORMAT = "querytester-bisect";

  /**
   * A server the examples ran on.
   *
   * @param spec its spec, passwords masked
   * @param version its {@code VERSION()}
   */
  public record Tested(String spec, String version) {}

  /**
   * One class of the run.
   *
   * @param classId the query class
   * @param verdict its verdict in the run (regression, changed ...)
   * @param kinds the difference kinds bisected (those that fail the gate, if any, else all)
   * @param example one of its statements
   * @param examples how many example statements ran per version
   * @param behaviour per version in version order: old, new, both (OLD and NEW agree there),
   *     neither, mixed (examples disagree), not-run
   * @param lastOld the last version that behaved like OLD before the first like NEW, null if none
   * @param firstNew the first version that behaved like NEW, null if none
   * @param monotonic whether the versions go from OLD's behaviour to NEW's once and for all
   * @param note what the user should know (not monotonic, not reproduced ...), null if nothing
   */
  public record ClassResult(
      String classId,
      String verdict,
      List<String> kinds,
      String example,
      int examples,
      List<Step> behaviour,
      String lastOld,
      String firstNew,
      boolean monotonic,
      String note) {}

  /** How a class behaved on one version. */
  public record Step(String version, String behaves) {}

  /** A class not bisected and why (latency only, nondeterministic ...). */
  public record Left(String classId, String verdict, String reason) {}
}
