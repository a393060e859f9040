package io.querytester.replay;

import io.querytester.target.Target;
import io.querytester.workload.ServerDialect;
import io.querytester.workload.SqlProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Decides whether a statement is replayed, per target: an executable comment makes the same text a
 * SELECT on one server and a SHUTDOWN on another, so a statement runs only when it is allowed on
 * every side as that side's server will read it. Without --allow-writes that means a safe read (or
 * a harmless session statement) that calls no stored function that may write.
 */
final class ReplayGate {
  private final List<String> labels = new ArrayList<>();
  private final List<ServerDialect> dialects = new ArrayList<>();
  private final List<StoredFunctions> functions;
  private final boolean allowWrites;

  private ReplayGate(List<Target> targets, List<StoredFunctions> functions, boolean allowWrites) {
    for (Target t : targets) {
      labels.add(t.label());
      dialects.add(ServerDialect.of(t.info().version()));
    }
    this.functions = functions;
    this.allowWrites = allowWrites;
  }

  /** Reads each target's stored functions when writes are not allowed. */
  static ReplayGate of(List<Target> targets, boolean allowWrites) {
    return new ReplayGate(
        targets, allowWrites ? null : StoredFunctions.readAll(targets), allowWrites);
  }

  /** With the stored functions that {@link Preflight} read (none when writes are allowed). */
  static ReplayGate of(List<Target> targets, List<Preflight> read, boolean allowWrites) {
    return new ReplayGate(
        targets,
        allowWrites ? null : read.stream().map(Preflight::functions).toList(),
        allowWrites);
  }

  /** Whether the statement calls a stored function of any side (none known with writes allowed). */
  boolean callsStoredFunction(SqlProfile profile) {
    if (functions == null || profile.calls().isEmpty()) {
      return false;
    }
    for (StoredFunctions f : functions) {
      if (f.any(profile.calls())) {
        return true;
      }
    }
    return false;
  }

  /** Why the statement is not replayed, naming the side when the sides differ; null to run it. */
  String skipReason(String sql, SqlProfile profile) {
    int n = dialects.size();
    String[] reasons = new String[n];
    boolean dependsOnServer = SqlProfile.dependsOnServer(sql);
    for (int i = 0; i < n; i++) {
      SqlProfile side = dependsOnServer ? SqlProfile.of(sql, dialects.get(i)) : profile;
      reasons[i] = SkipRules.reason(side, allowWrites);
      if (reasons[i] == null && functions != null) {
        reasons[i] = functions.get(i).unsafe(side.calls());
      }
    }
    boolean same = true;
    for (String r : reasons) {
      same &= Objects.equals(r, reasons[0]);
    }
    if (same) {
      return reasons[0];
    }
    StringBuilder b = new StringBuilder("not the same statement on every side:");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? " " : "; ").append(labels.get(i)).append(' ');
      b.append(reasons[i] == null ? "would run it" : reasons[i]);
    }
    return b.toString();
  }
}
