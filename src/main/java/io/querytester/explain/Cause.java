package io.querytester.explain;

import java.util.List;

/**
 * Why a class differs, as far as settings can tell, and what fixes it: the cause attribution of one
 * class (its differences, its latency) and, for a class slower on NEW, the fixes tried.
 *
 * @param classId the class
 * @param events the example statements re-run (lines of the workload)
 * @param status the class's cause in one word: {@code SETTINGS} (a setting explains a difference),
 *     {@code NO_SETTING} (none does: a change in the server's code), {@code NOT_REPRODUCED} (the
 *     difference did not come back when the examples ran again alone), {@code NOT_RUN} (its
 *     statements are not re-run: writes, refused by the read-only gate), {@code NOT_EXAMINED} (the
 *     time budget ran out first)
 * @param summary the cause in one line
 * @param attributions per difference looked into (the differences, the latency): what explains it
 * @param fixes for a class slower on NEW, the fixes measured; null otherwise
 * @param knownChanges for a difference no setting explains: the precheck rules that name a code
 *     change this statement meets between OLD's version and NEW's
 */
public record Cause(
    String classId,
    List<Long> events,
    String status,
    String summary,
    List<Attribution> attributions,
    Fixes fixes,
    List<String> knownChanges) {

  public static final String SETTINGS = "SETTINGS";
  public static final String NO_SETTING = "NO_SETTING";
  public static final String NOT_REPRODUCED = "NOT_REPRODUCED";
  public static final String NOT_RUN = "NOT_RUN";
  public static final String NOT_EXAMINED = "NOT_EXAMINED";

  public Cause {
    events = events == null ? List.of() : events;
    attributions = attributions == null ? List.of() : attributions;
    knownChanges = knownChanges == null ? List.of() : knownChanges;
  }

  /**
   * What explains one difference of a class.
   *
   * @param about the difference in words ({@code result values, warnings}; {@code latency
   *     degraded})
   * @param kinds the difference kinds looked into ({@code LATENCY} for latency)
   * @param status {@code SETTINGS}, {@code NO_SETTING} or {@code NOT_REPRODUCED}
   * @param settings the smallest set of settings whose OLD values make the difference go away on
   *     NEW
   * @param unexplained the kinds that stayed with every setting at OLD's value
   * @param narrowed whether delta debugging finished (false: the budget stopped it, and {@code
   *     settings} explains it but may hold more than needed)
   * @param confirmed whether OLD given NEW's values of {@code settings} behaves like NEW; null when
   *     OLD refused them or it was not tried
   * @param confirmation the confirmation in words
   * @param restore the statement that gives NEW's session OLD's behaviour ({@code SET SESSION ...})
   * @param restoreGlobal the same for the whole server ({@code SET GLOBAL ...})
   * @param config the same as option file lines, for NEW's {@code [mysqld]} section
   * @param trials how many trials it took
   * @param note anything else the reader needs (a search that had to fall back)
   */
  public record Attribution(
      String about,
      List<String> kinds,
      String status,
      List<Setting> settings,
      List<String> unexplained,
      boolean narrowed,
      Boolean confirmed,
      String confirmation,
      String restore,
      String restoreGlobal,
      List<String> config,
      int trials,
      String note) {

    public Attribution {
      kinds = kinds == null ? List.of() : kinds;
      settings = settings == null ? List.of() : settings;
      unexplained = unexplained == null ? List.of() : unexplained;
      config = config == null ? List.of() : config;
    }
  }

  /**
   * The fixes measured for a class slower on NEW.
   *
   * @param best the fix that returns OLD's rows at OLD's latency or better with the lowest ratio;
   *     null when none does
   * @param tried every fix measured, in the order tried
   * @param skipped what was not tried, and why (the time budget, a fix already found)
   */
  public record Fixes(Fix best, List<Fix> tried, List<String> skipped) {
    public Fixes {
      tried = tried == null ? List.of() : tried;
      skipped = skipped == null ? List.of() : skipped;
    }
  }

  /**
   * One fix, measured on NEW against OLD with the replay's thresholds.
   *
   * @param kind {@code setting} (a cause found), {@code optimizer_switch} (one flag), {@code hint}
   *     (OLD's plan forced)
   * @param description what it does, in words
   * @param statement the SET to run first, or the statement rewritten with hints
   * @param rowsSame whether NEW returned OLD's rows with it
   * @param oldP50 OLD's median latency in the trial (µs)
   * @param newP50 NEW's median latency with the fix (µs)
   * @param ratio NEW's median over OLD's
   * @param pValue the Mann-Whitney p-value, absent when not computed
   * @param verdict NEW with the fix against OLD: SAME, IMPROVED, DEGRADED or CANNOT_EVALUATE
   * @param fixes whether it returns OLD's rows at OLD's latency or better
   * @param note why it could not be measured (NEW refused it)
   */
  public record Fix(
      String kind,
      String description,
      String statement,
      boolean rowsSame,
      long oldP50,
      long newP50,
      Double ratio,
      Double pValue,
      String verdict,
      boolean fixes,
      String note) {}
}
