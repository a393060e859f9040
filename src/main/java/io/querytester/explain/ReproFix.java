package io.querytester.explain;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.SessionPrelude;
import java.util.ArrayList;
import java.util.List;

/**
 * The fix a repro bundle's {@code run.sh --fix} applies: the best measured fix of a class slower on
 * NEW, else the statement that restores OLD's behaviour the cause step found. It goes into a copy
 * of the bundle's workload, {@code workload-fix.jsonl}: a SET first in the statement's session
 * (where the cause step gave it, so the session's own SETs still win), or the statement rewritten
 * with hints. Both sides run it, so it works on any target; on OLD it sets OLD's own values.
 *
 * @param description what it does, in words
 * @param set the SET to run first in the session, or null
 * @param sql the statement rewritten with hints, or null
 */
record ReproFix(String description, String set, String sql) {
  static final String WORKLOAD = "workload-fix.jsonl";

  /** The fix of a class's cause; null when the cause step found none. */
  static ReproFix of(Cause cause) {
    if (cause == null) {
      return null;
    }
    if (cause.fixes() != null && cause.fixes().best() != null) {
      Cause.Fix b = cause.fixes().best();
      return "hint".equals(b.kind())
          ? new ReproFix(b.description(), null, b.statement())
          : new ReproFix(b.description(), b.statement(), null);
    }
    for (Cause.Attribution a : cause.attributions()) {
      if (Cause.SETTINGS.equals(a.status()) && a.restore() != null) {
        return new ReproFix("OLD's values: " + a.restore(), a.restore(), null);
      }
    }
    return null;
  }

  /** The session's statements and the statement, with the fix applied. */
  List<QueryEvent> apply(SessionPrelude p) {
    List<QueryEvent> out = new ArrayList<>();
    if (set != null) {
      out.add(p.event().withSql(set));
    }
    out.addAll(p.session());
    out.add(sql == null ? p.event() : p.event().withSql(sql));
    return out;
  }
}
