package io.querytester.compare;

import io.querytester.run.DataCheck;
import io.querytester.run.DiffKind;
import java.util.List;
import java.util.Optional;

/**
 * Brings a write replay's data comparison ({@code data.json}) into the run's verdict: a table that
 * OLD and NEW ended with other data fails the run when the gate fails {@link DiffKind#DATA} (it
 * does by default), and a note names the tables, so the headline says why.
 */
final class DataRollup {
  /** Tables named in the note; the report lists them all. */
  private static final int NAMED = 5;

  private DataRollup() {}

  static ClassVerdict verdict(
      Optional<DataCheck> data, GatePolicy gate, ClassVerdict verdict, List<String> notes) {
    List<DataCheck.Table> diverged = data.map(DataCheck::diverged).orElse(List.of());
    if (diverged.isEmpty() || !gate.fails(DiffKind.DATA)) {
      return verdict;
    }
    notes.add(note(diverged, data.get().tables().size()));
    return ClassVerdict.REGRESSION;
  }

  /** "data at the end: 2 of 4 tables written by the workload differ on NEW (app.a, app.b)". */
  static String note(List<DataCheck.Table> diverged, int tables) {
    List<String> names = diverged.stream().limit(NAMED).map(DataCheck.Table::table).toList();
    return "data at the end: "
        + diverged.size()
        + " of "
        + tables
        + (tables == 1 ? " table" : " tables")
        + " written by the workload "
        + (diverged.size() == 1 ? "differs" : "differ")
        + " on NEW ("
        + String.join(", ", names)
        + (diverged.size() > NAMED ? " and " + (diverged.size() - NAMED) + " more" : "")
        + ")";
  }
}
