package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.drift.CheckOptions;
import io.querytester.drift.ChunkOptions;
import io.querytester.drift.DriftCheck;
import io.querytester.drift.DriftReport;
import io.querytester.drift.DriftReports;
import io.querytester.drift.PositionMode;
import io.querytester.drift.TableFilter;
import io.querytester.drift.ThrottleLimits;
import io.querytester.server.EmbeddedSpec;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import io.querytester.server.Targets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Compares a source's tables with its replicas', chunk by chunk, without writing anything. */
@Command(
    name = "drift",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Checks that replicas hold the same data as their source: chunked checksums computed on the"
          + " servers, each replica waited for until it has applied the source's position, a"
          + " row-level diff of every drifted chunk. Read-only on every server.",
      ""
    },
    footer = {
      "",
      "Exit 1 also for a table or column missing on a replica; exit 3 also when a replica never"
          + " caught up, leaving a chunk unverified."
    })
final class DriftCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--source",
      required = true,
      paramLabel = "SPEC",
      description = "The source (primary), e.g. jdbc:mysql://db1:3306/")
  String source;

  @Option(
      names = "--replica",
      required = true,
      paramLabel = "SPEC",
      description = "A replica of --source; repeat for several.")
  List<String> replicas;

  /** One account for every server: --user, --password-env, option files, TLS, timeouts. */
  @Mixin CredentialOptions credentials;

  @Option(
      names = "--include-schema",
      split = ",",
      paramLabel = "PATTERN",
      description = "Only these databases (* and ? allowed; default: all but the system ones).")
  List<String> databases = new ArrayList<>();

  @Option(
      names = "--exclude-schema",
      split = ",",
      paramLabel = "PATTERN",
      description = "Skip these databases (* and ? allowed).")
  List<String> ignoreDatabases = new ArrayList<>();

  @Option(
      names = "--include-table",
      split = ",",
      paramLabel = "PATTERN",
      description = "Only these tables: db.table or table, * and ? allowed.")
  List<String> tables = new ArrayList<>();

  @Option(
      names = "--exclude-table",
      split = ",",
      paramLabel = "PATTERN",
      description = "Skip these tables: db.table or table, * and ? allowed.")
  List<String> ignoreTables = new ArrayList<>();

  @Option(
      names = "--include-column",
      split = ",",
      paramLabel = "PATTERN",
      description = "Only these columns (column, table.column or db.table.column); keys always.")
  List<String> columns = new ArrayList<>();

  @Option(
      names = "--exclude-column",
      split = ",",
      paramLabel = "PATTERN",
      description = "Leave these columns out of the checksums (keys are always kept).")
  List<String> ignoreColumns = new ArrayList<>();

  @Option(
      names = "--include-engine",
      split = ",",
      paramLabel = "ENGINE",
      description = "Only tables of these storage engines, e.g. InnoDB.")
  List<String> engines = new ArrayList<>();

  @Option(
      names = "--exclude-engine",
      split = ",",
      paramLabel = "ENGINE",
      description = "Skip tables of these storage engines, e.g. MEMORY.")
  List<String> ignoreEngines = new ArrayList<>();

  @Option(
      names = "--chunk-time",
      defaultValue = "0.5s",
      paramLabel = "TIME",
      description = "Target time per chunk on the source (default: ${DEFAULT-VALUE}).")
  String chunkTime;

  @Option(
      names = "--chunk-rows",
      defaultValue = "1000",
      paramLabel = "N",
      description =
          "Rows in the first chunk; later ones follow --chunk-time (default: ${DEFAULT-VALUE}).")
  long chunkRows;

  @Option(
      names = "--chunk-min-rows",
      defaultValue = "100",
      paramLabel = "N",
      description = "Fewest rows in a chunk (default: ${DEFAULT-VALUE}).")
  long chunkMinRows;

  @Option(
      names = "--chunk-max-rows",
      defaultValue = "500000",
      paramLabel = "N",
      description = "Most rows in a chunk (default: ${DEFAULT-VALUE}).")
  long chunkMaxRows;

  @Option(
      names = "--parallel",
      defaultValue = "" + ChunkOptions.DEFAULT_PARALLEL,
      paramLabel = "N",
      description =
          "Chunks of a table in flight at once, each on its own sessions: 2 keeps the source busy"
              + " while the replicas check the chunk before; more runs several chunk statements on"
              + " each server at once, for servers with cores to spare (default: ${DEFAULT-VALUE},"
              + " at most "
              + ChunkOptions.MAX_PARALLEL
              + ").")
  int parallel;

  // No defaultValue: picocli would apply it after parsing, over what an old name set
  // (OldOptionNames). Digits after the point, where replay's --float-digits counts significant
  // digits: ROUND(c, N) is what every server computes alike.
  @Option(
      names = "--decimal-places",
      paramLabel = "N",
      description =
          "Digits after the point FLOAT/DOUBLE are rounded to before hashing (default:"
              + " ${DEFAULT-VALUE}).")
  int floatPrecision = 6;

  @Option(
      names = "--rechecks",
      defaultValue = "3",
      paramLabel = "N",
      description = "Re-reads of a mismatching chunk after catch-up (default: ${DEFAULT-VALUE}).")
  int rechecks;

  @Option(
      names = "--max-diff-rows",
      defaultValue = "100",
      paramLabel = "N",
      description = "Differing rows shown per table and replica (default: ${DEFAULT-VALUE}).")
  int maxDiffRows;

  @Option(
      names = "--wait-timeout",
      defaultValue = "300s",
      paramLabel = "TIME",
      description = "How long to wait for a replica to catch up (default: ${DEFAULT-VALUE}).")
  String waitTimeout;

  @Option(
      names = "--max-lag",
      defaultValue = "10s",
      paramLabel = "TIME",
      description = "Pause while a replica lags more (default: ${DEFAULT-VALUE}).")
  String maxLag;

  @Option(
      names = "--max-threads-running",
      defaultValue = "25",
      paramLabel = "N",
      description =
          "Pause while the source's Threads_running is higher (default: ${DEFAULT-VALUE}).")
  int maxThreadsRunning;

  @Option(
      names = "--position-mode",
      defaultValue = "auto",
      paramLabel = "MODE",
      description =
          "How a replica's catch-up is checked: auto, mariadb-gtid, mysql-gtid or file"
              + " (default: ${DEFAULT-VALUE}).")
  String positionMode;

  @Option(
      names = "--print-fix-sql",
      description = "Print statements that would repair the replicas (never executed).")
  boolean printFixSql;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Folder for drift-state.jsonl, drift.json and drift-junit.xml.")
  Path out;

  @Option(names = "--resume", description = "Go on from the state file in --out.")
  boolean resume;

  @Mixin DebugOption debug;

  @Override
  public Integer call() {
    DriftCheck.Settings settings = settings();
    List<TargetSettings> sides = sides();
    List<Target> targets =
        Targets.openAll(sides, m -> spec.commandLine().getErr().println("drift: " + m));
    try {
      DriftReport report =
          new DriftCheck(settings, spec.commandLine().getErr())
              .run(targets.get(0), targets.subList(1, targets.size()));
      DriftReports.console(report, spec.commandLine().getOut(), printFixSql);
      if (out != null) {
        DriftReports.files(report, out);
      }
      return report.exitCode();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the reports in " + out, e);
    } finally {
      targets.forEach(Target::close);
    }
  }

  private DriftCheck.Settings settings() {
    return new DriftCheck.Settings(
        new TableFilter(
            databases,
            ignoreDatabases,
            tables,
            ignoreTables,
            columns,
            ignoreColumns,
            engines,
            ignoreEngines),
        new ChunkOptions(
            duration("--chunk-time", chunkTime), chunkRows, chunkMinRows, chunkMaxRows, parallel),
        new CheckOptions(
            floatPrecision, rechecks, maxDiffRows, duration("--wait-timeout", waitTimeout)),
        new ThrottleLimits(duration("--max-lag", maxLag), maxThreadsRunning, Duration.ofSeconds(1)),
        mode(),
        Optional.ofNullable(out),
        resume);
  }

  private List<TargetSettings> sides() {
    AccountResolver resolver =
        AccountResolver.system(m -> spec.commandLine().getErr().println("drift: " + m));
    TargetSettings sourceSide = credentials.settings("SOURCE", spec("--source", source), resolver);
    List<TargetSettings> all = new ArrayList<>();
    all.add(sourceSide);
    for (int i = 0; i < replicas.size(); i++) {
      all.add(
          credentials.sameAccount(
              "REPLICA-" + (i + 1),
              spec("--replica", replicas.get(i)),
              resolver,
              sourceSide.connection()));
    }
    return all;
  }

  private static TargetSpec spec(String option, String text) {
    TargetSpec s = TargetSpec.parse(text);
    if (s instanceof EmbeddedSpec) {
      throw new BadInputException(
          option
              + " "
              + text
              + ": drift compares servers that already run and replicate; give"
              + " jdbc:mysql://<host>:<port>/");
    }
    return s;
  }

  private Optional<PositionMode> mode() {
    if (positionMode.equalsIgnoreCase("auto")) {
      return Optional.empty();
    }
    try {
      return Optional.of(PositionMode.parse(positionMode));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "--position-mode " + positionMode + ": use auto, mariadb-gtid, mysql-gtid or file");
    }
  }

  /** Reads 0.5s, 500ms, 2m or a plain number of seconds. */
  static Duration duration(String option, String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).strip()));
      }
      long unit = 1_000_000_000L;
      if (t.endsWith("m")) {
        unit = 60_000_000_000L;
        t = t.substring(0, t.length() - 1);
      } else if (t.endsWith("s")) {
        t = t.substring(0, t.length() - 1);
      }
      BigDecimal nanos = new BigDecimal(t.strip()).multiply(BigDecimal.valueOf(unit));
      return Duration.ofNanos(nanos.longValueExact());
    } catch (NumberFormatException | ArithmeticException e) {
      throw new BadInputException(
          option + " " + text + ": write a time such as 0.5s, 500ms, 2m or 30 (seconds)");
    }
  }
}
