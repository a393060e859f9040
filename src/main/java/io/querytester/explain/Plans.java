package io.querytester.explain;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.OwnerOnly;
import io.querytester.Parallel;
import io.querytester.compare.ClassSummary;
import io.querytester.compare.LatencyVerdict;
import io.querytester.replay.ReadOnlyGate;
import io.querytester.run.DiffKind;
import io.querytester.run.Execution;
import io.querytester.run.RunInfo;
import io.querytester.run.RunJson;
import io.querytester.server.Target;
import io.querytester.workload.SessionPrelude;
import io.querytester.workload.SqlToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The plan step of a run: after the replay, with OLD and NEW still running, reads the plans of the
 * classes whose plan may explain their difference (a latency verdict, a row order change, a result
 * change under ORDER BY ... LIMIT) into {@code plans.json}, which every report of the run shows.
 */
public final class Plans {
  public static final String FILE = "plans.json";
  static final String FORMAT = "querytester-plans";
  static final int VERSION = 1;

  /**
   * How to read plans.
   *
   * @param mode EXPLAIN, ANALYZE or OFF
   * @param timeout per EXPLAIN
   */
  public record Settings(PlanMode mode, Duration timeout) {}

  /** plans.json: a version header and the comparisons, in the order of the run's classes. */
  record File(String format, int version, List<PlanComparison> plans) {}

  private Plans() {}

  /**
   * Reads the plans of a two-sided run on its targets, OLD first, and writes {@code plans.json}.
   * Returns the comparisons. A plan that cannot be read is recorded as such, never a failure.
   *
   * @param judged the run's classes as its report judges them, asked for only when plans are read
   */
  public static List<PlanComparison> read(
      List<Target> targets,
      Path runDir,
      Settings s,
      Supplier<List<ClassSummary>> judged,
      Consumer<String> progress) {
    if (s.mode() == PlanMode.OFF || targets.size() != 2) {
      return List.of();
    }
    RunInfo info = RunInfo.read(runDir);
    List<ClassSummary> classes = judged.get();
    Map<String, List<String>> wanted = new LinkedHashMap<>();
    List<ClassSummary> selected = new ArrayList<>();
    for (ClassSummary c : classes) {
      List<String> reasons = reasons(c);
      if (!reasons.isEmpty()) {
        wanted.put(c.classId(), reasons);
        selected.add(c);
      }
    }
    List<PlanComparison> out = new ArrayList<>();
    if (!wanted.isEmpty()) {
      progress.accept("plans: reading the plans of " + wanted.size() + " classes on both sides");
      Map<String, Execution> examples = ExampleRuns.pick(runDir, selected, w -> {});
      Map<Long, Long> sessions = new HashMap<>();
      examples.values().forEach(e -> sessions.put(e.event(), e.session()));
      // none found: each plan then says the statement was not found
      Map<Long, SessionPrelude> preludes = ExampleSession.preludes(runDir, sessions, w -> {});
      ReadOnlyGate gate = null;
      String unavailable = null;
      try {
        gate = ReadOnlyGate.of(targets);
      } catch (RuntimeException e) {
        // A side that crashed or went away during the replay: the run is reported all the same,
        // and each plan says why it is missing.
        unavailable = "plans not read: " + e.getMessage();
        progress.accept(unavailable);
      }
      PlanReader reader = gate == null ? null : new PlanReader(s.mode(), gate, s.timeout());
      for (Map.Entry<String, List<String>> w : wanted.entrySet()) {
        if (gate != null && Thread.currentThread().isInterrupted()) {
          gate = null; // the report is still written; the plans left say why they are missing
          unavailable = "plans not read: interrupted";
        }
        Execution e = examples.get(w.getKey());
        if (e != null) {
          SessionPrelude p = preludes.get(e.event());
          // the executions log keeps a statement's text only when it differed
          String sql = p != null ? p.event().sql() : e.sql() != null ? e.sql() : "";
          PlanComparison.Example ex =
              new PlanComparison.Example(w.getKey(), w.getValue(), e.event(), sql);
          out.add(
              gate == null
                  ? PlanComparison.of(ex, null, null, unavailable, unavailable)
                  : compare(targets, reader, gate, ex, p));
        }
      }
    }
    write(runDir, out);
    return out;
  }

  /** Why a class's plan is read; empty when it is not. */
  static List<String> reasons(ClassSummary c) {
    List<String> r = new ArrayList<>();
    if (c.latency() == LatencyVerdict.DEGRADED
        || c.latency() == LatencyVerdict.BORDERLINE
        || c.latency() == LatencyVerdict.IMPROVED) {
      r.add("latency " + c.latency().name().toLowerCase(Locale.ROOT));
    }
    if (c.differences().getOrDefault(DiffKind.ROW_ORDER, 0L) > 0) {
      r.add("row order");
    }
    if (c.differences().getOrDefault(DiffKind.RESULT, 0L) > 0 && orderByLimit(c.example())) {
      r.add("result values under ORDER BY ... LIMIT");
    }
    return r;
  }

  /** Whether a statement has an ORDER BY with a LIMIT after it. */
  static boolean orderByLimit(String sql) {
    List<SqlToken> tokens = SqlToken.of(sql);
    boolean ordered = false;
    for (int i = 0; i < tokens.size(); i++) {
      String w = tokens.get(i).kind() == SqlToken.Kind.WORD ? tokens.get(i).upper() : "";
      if (w.equals("ORDER") && i + 1 < tokens.size() && tokens.get(i + 1).upper().equals("BY")) {
        ordered = true;
      } else if (ordered && w.equals("LIMIT")) {
        return true;
      }
    }
    return false;
  }

  private static PlanComparison compare(
      List<Target> targets,
      PlanReader reader,
      ReadOnlyGate gate,
      PlanComparison.Example ex,
      SessionPrelude prelude) {
    String refused =
        prelude == null
            ? "the statement is not in the run's workload"
            : !PlanReader.explainable(ex.sql())
                ? "no plan for this kind of statement"
                : gate.session(prelude.session(), ex.sql()).refusal();
    if (refused != null) {
      return PlanComparison.of(ex, null, null, refused, refused);
    }
    // Both sides at once: each read opens a session of its own, and one after the other the plan
    // step took the sum of both servers' connect and EXPLAIN for every class it read.
    Parallel.Results<Plan> read = Parallel.each(targets, t -> reader.read(t, prelude));
    Plan[] plans = new Plan[2];
    String[] errors = new String[2];
    for (int i = 0; i < 2; i++) {
      Parallel.Outcome<Plan> o = read.each().get(i);
      plans[i] = o.value();
      errors[i] = o.ok() ? null : error(o.failure());
    }
    return PlanComparison.of(ex, plans[0], plans[1], errors[0], errors[1]);
  }

  /** Why a side's plan is missing; what is not a server's answer goes on up. */
  static String error(Throwable failure) {
    return switch (failure) {
      case SQLException e ->
          "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
      case IllegalArgumentException e -> e.getMessage();
      case InterruptedException e -> "interrupted";
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      default -> throw new IllegalStateException(failure);
    };
  }

  static void write(Path runDir, List<PlanComparison> plans) {
    Path tmp = runDir.resolve(FILE + ".tmp");
    try {
      try (java.io.OutputStream out = OwnerOnly.newOutputStream(tmp)) {
        RunJson.MAPPER
            .writerWithDefaultPrettyPrinter()
            .writeValue(out, new File(FORMAT, VERSION, plans));
      }
      Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CannotRunException("cannot write " + runDir.resolve(FILE) + ": " + e, e);
    }
  }

  /**
   * The plans of a sharded replay: each shard read the plans of its own classes, so the merged run
   * holds their union. A class that several shards read keeps the plan of the lowest shard, the one
   * the merged run's executions start with, so that merging again gives the same file. A plan's
   * reasons are those of the shard that read it. Writes nothing when no shard read plans.
   *
   * @param shards the shard folders in shard order
   */
  public static void merge(List<Path> shards, Path out) {
    Map<String, PlanComparison> union = new LinkedHashMap<>();
    boolean read = false;
    for (Path shard : shards) {
      read |= Files.exists(shard.resolve(FILE));
      load(shard).forEach(union::putIfAbsent);
    }
    if (read) {
      write(out, List.copyOf(union.values()));
    }
  }

  /** The plan comparisons of a run by class id; empty when its plans were not read. */
  public static Map<String, PlanComparison> load(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      File f = RunJson.MAPPER.readValue(file.toFile(), File.class);
      if (!FORMAT.equals(f.format()) || f.version() > VERSION) {
        throw new BadInputException(
            file + " is not a plans file this querytester reads (version 1 of " + FORMAT + ")");
      }
      Map<String, PlanComparison> out = new LinkedHashMap<>();
      if (f.plans() != null) {
        f.plans().forEach(p -> out.put(p.classId(), p));
      }
      return out;
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      return Map.of();
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
