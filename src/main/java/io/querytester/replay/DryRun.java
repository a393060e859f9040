package io.querytester.replay;

import io.querytester.workload.SqlProfile;
import io.querytester.workload.WorkloadReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/** What a replay would do, without touching a server: events by decision, and classes. */
public final class DryRun {
  /** Counts of a dry run: events per decision ("run", "skip: write" ...), distinct classes. */
  public record Result(long events, Map<String, Long> decisions, long classes) {}

  private DryRun() {}

  public static Result of(ReplaySettings settings, Consumer<String> warnings) {
    Map<String, Long> decisions = new TreeMap<>();
    Set<String> classes = new HashSet<>();
    long events = 0;
    try (WorkloadReader reader = WorkloadReader.open(settings.workload(), warnings)) {
      for (WorkloadReader.Entry e : reader) {
        if (settings.pace().maxEvents() > 0 && events >= settings.pace().maxEvents()) {
          break;
        }
        events++;
        SqlProfile p = SqlProfile.of(e.event().sql());
        classes.add(p.classId());
        String skip = SkipRules.reason(p, settings.allowWrites());
        decisions.merge(
            skip == null
                ? "run (" + p.kind().name().toLowerCase(java.util.Locale.ROOT) + ")"
                : "skip: " + skip,
            1L,
            Long::sum);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Result(events, decisions, classes.size());
  }
}
