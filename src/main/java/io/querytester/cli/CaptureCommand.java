package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.capture.Capture;
import io.querytester.capture.CaptureSettings;
import io.querytester.capture.CaptureSource;
import io.querytester.capture.CaptureSources;
import io.querytester.capture.CaptureSummary;
import io.querytester.server.Target;
import io.querytester.server.TargetSettings;
import io.querytester.server.Targets;
import io.querytester.workload.WorkloadStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Captures a workload from a log, the processlist, performance_schema or the binlog. */
@Command(
    name = "capture",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpWidth = 110,
    description = {
      "Capture real statements into a workload file, never writing to the source.",
      "",
      "  capture --type slowlog /var/log/mysql/slow.log* --out w.jsonl.gz",
      "  capture --type genlog - --out w.jsonl.gz < general.log",
      "  capture --type processlist --source jdbc:mysql://db1/ --duration 10m --out w.jsonl.gz",
      "  capture --type perfschema --source h=db1,u=qt,F=/etc/qt.cnf --duration 10m --out w.jsonl.gz",
      "  capture --type binlog --source jdbc:mysql://db1/ --source-user repl --out w.jsonl.gz",
      "  capture --type binlog mysql-bin.000042 mysql-bin.000043 --out w.jsonl.gz",
      ""
    },
    footer = {
      "",
      "Exit 2 also when the input holds no usable event; bad events are skipped and reported, not"
          + " fatal."
    })
final class CaptureCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  static final List<String> KINDS =
      List.of("slowlog", "genlog", "processlist", "perfschema", "binlog");

  @Option(
      names = "--type",
      paramLabel = "KIND",
      description = "What to read: slowlog, genlog, processlist, perfschema or binlog.")
  String type;

  @Option(
      names = "--source",
      paramLabel = "SPEC|KIND",
      description =
          "The server to capture from (jdbc:mysql://host:port/, a DSN h=...,S=..., or any target"
              + " spec), as drift's --source; a KIND here is read as --type KIND.")
  String source;

  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description = "Log or binlog files to read (- for standard input; gzip is recognised).")
  List<String> files = new ArrayList<>();

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE",
      description = "The workload file to write (.gz for gzip).")
  Path out;

  @Mixin SourceOptions sourceOptions;

  @Mixin CaptureFilterOptions filterOptions;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description = "Stop after this long (e.g. 30s, 10m).")
  Duration duration;

  @Option(names = "--max-events", paramLabel = "N", description = "Stop after writing N events.")
  long maxEvents;

  @Option(
      names = "--interval",
      paramLabel = "TIME",
      defaultValue = "100ms",
      converter = DurationConverter.class,
      description = "How often processlist and perfschema poll (default: ${DEFAULT-VALUE}).")
  Duration interval;

  @Option(
      names = "--binlog-start",
      paramLabel = "FILE[:POS]",
      description = "Where a live binlog capture starts (default: the server's current position).")
  String binlogStart;

  @Option(
      names = "--log-time-zone",
      paramLabel = "ZONE",
      description =
          "Zone of old-style log times (MySQL 5.6, MariaDB) for events without SET timestamp"
              + " (default: this machine's).")
  ZoneId logZone;

  @Option(
      names = "--keep-secrets",
      description =
          "Write passwords (IDENTIFIED BY, PASSWORD(), MASTER_PASSWORD) as captured; by default they"
              + " are masked as '****', which still replays (for a write replay that needs them).")
  boolean keepSecrets;

  @Option(names = "--quiet", description = "No progress line.")
  boolean quiet;

  @Mixin DebugOption debug;

  @Override
  public Integer call() throws IOException {
    String kind = kind();
    CaptureSettings settings = settings();
    Target target = null;
    try {
      TargetSettings sourceSettings = null;
      if (needsServer(kind)) {
        sourceSettings = sourceOptions.settings(kind, m -> err().println("warning: " + m));
        target = Targets.open(sourceSettings, m -> err().println(m));
      }
      CaptureSource src = source(kind, target, sourceSettings);
      CaptureSummary summary = Capture.run(src, settings, err());
      print(summary, src);
      return exitCode(summary, src);
    } finally {
      if (target != null) {
        target.close();
      }
    }
  }

  /**
   * The kind from --type, or from --source when it names one (what --source meant before it also
   * took the server); --source then names the server only when it is not a kind.
   */
  private String kind() {
    boolean sourceIsKind = source != null && KINDS.contains(source.toLowerCase(Locale.ROOT));
    if (source != null && !sourceIsKind) {
      if (!source.contains(":") && !source.contains("=")) {
        throw new BadInputException(
            "--source "
                + source
                + ": neither a kind (slowlog, genlog, processlist, perfschema, binlog) nor a server"
                + " spec (jdbc:mysql://host:port/, h=host,P=port, embedded:mariadb-<version>)");
      }
      sourceOptions.server("--source", source);
    }
    String kind = type != null ? type : sourceIsKind ? source : null;
    if (kind == null) {
      throw new BadInputException(
          "capture needs --type KIND: slowlog, genlog, processlist, perfschema or binlog");
    }
    if (type != null && sourceIsKind && !type.equalsIgnoreCase(source)) {
      throw new BadInputException("--type " + type + " and --source " + source + " disagree");
    }
    return kind.toLowerCase(Locale.ROOT);
  }

  private CaptureSettings settings() {
    if (maxEvents < 0) {
      throw new BadInputException("--max-events must not be negative");
    }
    if (interval.isNegative() || interval.isZero()) {
      throw new BadInputException("--interval must be positive, e.g. 100ms");
    }
    if (Files.isDirectory(out)) {
      throw new BadInputException(
          "--out "
              + out
              + " is a directory: give the workload file to write, e.g. --out "
              + out.resolve("workload.jsonl.gz"));
    }
    return new CaptureSettings(
        out,
        filterOptions.filter(),
        maxEvents,
        duration,
        quiet ? null : Duration.ofSeconds(1),
        Clock.systemUTC(),
        keepSecrets);
  }

  private boolean needsServer(String kind) {
    return switch (kind) {
      case "processlist", "perfschema" -> true;
      case "binlog" -> files.isEmpty();
      default -> false;
    };
  }

  private CaptureSource source(String kind, Target target, TargetSettings sourceSettings) {
    if ((kind.equals("processlist") || kind.equals("perfschema")) && !files.isEmpty()) {
      throw new BadInputException(
          "--type " + kind + " reads a server (--source SPEC), not files: " + files.get(0));
    }
    ZoneId zone = logZone != null ? logZone : ZoneId.systemDefault();
    return switch (kind) {
      case "slowlog" -> CaptureSources.slowLog(files, () -> System.in, zone);
      case "genlog" -> CaptureSources.generalLog(files, () -> System.in, zone);
      case "processlist" -> CaptureSources.processlist(target, interval, Clock.systemUTC());
      case "perfschema" -> CaptureSources.perfSchema(target, interval, Clock.systemUTC());
      case "binlog" ->
          files.isEmpty()
              ? CaptureSources.binlogLive(target, sourceSettings.connection(), binlogStart)
              : CaptureSources.binlogFiles(files);
      default ->
          throw new BadInputException(
              "--type "
                  + kind
                  + ": unknown kind; use slowlog, genlog, processlist, perfschema or binlog");
    };
  }

  private void print(CaptureSummary s, CaptureSource src) {
    PrintWriter o = spec.commandLine().getOut();
    double secs = Math.max(s.elapsed().toNanos() / 1e9, 1e-9);
    Long bytes = s.counters().get(CaptureSources.INPUT_BYTES);
    o.printf(
        "captured %,d events (%,d classes) from %s into %s in %.1f s (%,.0f events/s%s)%n",
        s.written(),
        s.classes(),
        src.kind(),
        s.out(),
        secs,
        s.read() / secs,
        bytes == null ? "" : String.format(", %.1f MB/s", bytes / 1e6 / secs));
    if (s.filteredTotal() > 0) {
      o.printf("filtered out %,d: %s%n", s.filteredTotal(), join(s.filtered()));
    }
    if (s.skippedTotal() > 0) {
      o.printf("skipped %,d bad: %s%n", s.skippedTotal(), join(s.skipped()));
    }
    if (s.templates() > 0) {
      o.printf(
          "prepared-statement templates: %,d of the events written have ? placeholders and no"
              + " values (kind template): replay skips them; %s%n",
          s.templates(), WorkloadStats.TEMPLATE_VALUES_FROM);
    }
    s.counters().forEach((k, v) -> o.printf("%s: %,d%n", k, v));
    s.sourceReport().forEach(o::println);
    o.println("ended by: " + s.endedBy());
    o.flush();
  }

  private int exitCode(CaptureSummary s, CaptureSource src) {
    if (s.read() > 0 || s.written() > 0) {
      return ExitCode.OK.code();
    }
    if (s.skippedTotal() > 0 || src.readsFiles()) {
      err()
          .println(
              "querytester: no usable event in the input ("
                  + s.skippedTotal()
                  + " bad parts skipped); check that it is a "
                  + src.kind()
                  + " file");
      return ExitCode.BAD_INPUT.code();
    }
    if (s.endedBy() != null && s.endedBy().startsWith("the connection")) {
      return ExitCode.CANNOT_RUN.code();
    }
    return ExitCode.OK.code();
  }

  private static String join(Map<String, Long> m) {
    return m.entrySet().stream()
        .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
        .collect(Collectors.joining(", "));
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
