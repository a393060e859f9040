package io.querytester.advisor;

import io.querytester.advisor.BisectReport.ClassResult;
import io.querytester.advisor.BisectReport.Step;
import io.querytester.run.RunInfo;
import java.util.List;
import java.util.Locale;

/**
 * Reads a class's behaviour across versions: the last version like OLD before the first like NEW,
 * and whether the change happened once. "both" (the examples agree with OLD and NEW there) and
 * "not-run" say nothing either way and are passed over.
 */
final class Verdicts {
  private Verdicts() {}

  static ClassResult locate(BisectPlan.Target t, RunInfo info, List<Step> steps) {
    String lastOld = null;
    String firstNew = null;
    boolean monotonic = true;
    boolean seenNew = false;
    for (Step s : steps) {
      switch (s.behaves()) {
        case "old" -> {
          if (seenNew) {
            monotonic = false;
          } else {
            lastOld = s.version();
          }
        }
        case "new" -> {
          if (!seenNew) {
            firstNew = s.version();
            seenNew = true;
          }
        }
        case "neither", "mixed" -> monotonic = false;
        default -> {
          // both, not-run: no information
        }
      }
    }
    return new ClassResult(
        t.summary().classId(),
        BisectPlan.verdict(t.summary()),
        t.kinds().stream().map(k -> k.name().toLowerCase(Locale.ROOT)).toList(),
        t.summary().example(),
        t.examples().size(),
        steps,
        lastOld,
        firstNew,
        monotonic,
        note(steps, info, monotonic, firstNew));
  }

  private static String note(List<Step> steps, RunInfo info, boolean monotonic, String firstNew) {
    if (!monotonic) {
      return "not monotonic: the behaviour changes more than once across these versions (or"
          + " differs from both OLD and NEW somewhere), read the steps";
    }
    if (firstNew == null) {
      return steps.stream().allMatch(s -> s.behaves().equals("not-run"))
          ? "not run on any version (replay skipped the examples)"
          : "no version behaved like NEW: the change was not reproduced (data, settings?)";
    }
    if (steps.stream().noneMatch(s -> s.behaves().equals("old"))) {
      return "no version behaved like OLD (" + info.targets().get(0).version() + ") here";
    }
    return null;
  }
}
