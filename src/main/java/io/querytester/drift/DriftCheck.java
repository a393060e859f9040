package io.querytester.drift;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.server.ServerInfo;
import io.querytester.server.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A whole drift check: opens read-only sessions, picks how to wait for replicas, reads the tables
 * to check, runs each table's chunks (skipping what a resumed state file says is done) and adds up
 * the report. Never writes to any server.
 */
public final class DriftCheck {

  /**
   * Everything a check needs besides the servers, validated before any server is touched.
   *
   * @param filter which tables and columns
   * @param chunks chunk sizing
   * @param check comparing options
   * @param throttle when to pause
   * @param positionMode how to wait for replicas; empty: detect
   * @param out folder for the state file and reports; empty: none
   * @param resume go on from the state file in {@code out}
   */
  public record Settings(
      TableFilter filter,
      ChunkOptions chunks,
      CheckOptions check,
      ThrottleLimits throttle,
      Optional<PositionMode> positionMode,
      Optional<Path> out,
      boolean resume) {
    public Settings {
      if (resume && out.isEmpty()) {
        throw new BadInputException("--resume needs --out DIR, the folder of the earlier check");
      }
    }
  }

  private final Settings settings;
  private final Pacer pacer;
  private final Progress progress;

  public DriftCheck(Settings settings, PrintWriter progressOut) {
    this(settings, Pacer.system(), progressOut);
  }

  DriftCheck(Settings settings, Pacer pacer, PrintWriter progressOut) {
    this.settings = settings;
    this.pacer = pacer;
    this.progress = new Progress(progressOut, pacer.clock());
  }

  public DriftReport run(Target source, List<Target> replicas) {
    Instant started = pacer.clock().instant();
    List<Side> opened = new ArrayList<>();
    try {
      // Every session the check holds, opened at once: in this order below.
      List<Target> wanted = new ArrayList<>();
      wanted.add(source);
      wanted.addAll(replicas);
      for (int w = 0; w < settings.chunks().parallel(); w++) {
        for (Target r : replicas) {
          wanted.add(r);
          wanted.add(source);
        }
        wanted.add(source);
      }
      Iterator<Side> sessions = Side.openAll(wanted, opened).iterator();
      Side src = sessions.next();
      List<Side> statuses = new ArrayList<>();
      for (int i = 0; i < replicas.size(); i++) {
        statuses.add(sessions.next());
      }
      List<Worker> workers = new ArrayList<>();
      for (int w = 0; w < settings.chunks().parallel(); w++) {
        List<Lane> lanes = new ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
          lanes.add(new Lane(sessions.next(), sessions.next(), statuses.get(i)));
        }
        workers.add(new Worker(sessions.next(), lanes));
      }
      return check(src, statuses, workers, started);
    } catch (SQLException e) {
      throw CannotRunException.of("drift check failed", e);
    } catch (IOException e) {
      throw new CannotRunException("cannot write the drift state: " + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new CannotRunException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("drift check interrupted", e);
    } finally {
      opened.forEach(Side::closeQuietly);
    }
  }

  private DriftReport check(Side source, List<Side> replicas, List<Worker> workers, Instant started)
      throws SQLException, IOException, InterruptedException {
    for (Side r : replicas) {
      if (!ReplicaStatus.read(r.connection(), r.info()).replica()) {
        throw new CannotRunException(
            r.display()
                + " is not a replica (SHOW SLAVE STATUS is empty); --replica must name servers"
                + " that replicate from --source");
      }
    }
    PositionMode mode = positionMode(source, replicas);
    progress.say(
        source.display()
            + " -> "
            + String.join(", ", replicas.stream().map(Side::display).toList())
            + "; replicas are waited for by "
            + mode);
    List<TableDef> tables = Catalog.read(source.connection(), settings.filter());
    if (tables.isEmpty()) {
      throw new BadInputException(
          "no table on the source matches the filters (--include-schema, --include-table, --include-engine ...)");
    }
    Consistency consistency =
        new Consistency.Replicated(
            new PositionReader(mode, source.info()),
            new PositionWaiter(mode, settings.check().waitTimeout(), pacer, progress::say));
    LoadProbe probe = new LoadProbe(source, replicas, settings.throttle());
    Throttle throttle = new Throttle(probe, settings.throttle(), pacer, progress::say);
    List<TableReport> reports = new ArrayList<>();
    try (DriftState state = state(source, replicas)) {
      for (int i = 0; i < tables.size(); i++) {
        TableDef t = tables.get(i);
        progress.table(i + 1, tables.size(), t);
        reports.add(table(t, source, replicas, workers, consistency, throttle, probe, state));
      }
    }
    return new DriftReport(
        source.display(),
        replicas.stream().map(Side::display).toList(),
        mode.name(),
        started,
        progress.elapsed(),
        progress.rows(),
        reports);
  }

  private TableReport table(
      TableDef t,
      Side source,
      List<Side> replicas,
      List<Worker> workers,
      Consistency consistency,
      Throttle throttle,
      LoadProbe probe,
      DriftState state)
      throws SQLException, InterruptedException {
    List<String> warnings = new ArrayList<>();
    if (!t.chunked()) {
      warnings.add(
          t.id()
              + " has no primary key and no NOT NULL unique key: checked as one chunk, and"
              + " differing rows are told apart by their content only");
      progress.say("warning: " + warnings.get(warnings.size() - 1));
    }
    Map<String, String> problems = new TreeMap<>();
    List<String> checkable = new ArrayList<>();
    for (Side r : replicas) {
      Optional<String> missing = Catalog.missingOn(r.connection(), t);
      missing.ifPresentOrElse(m -> problems.put(r.label(), m), () -> checkable.add(r.label()));
      missing.ifPresent(m -> progress.say(r.label() + ": " + m));
    }
    List<ChunkResult> chunks = new ArrayList<>(state == null ? List.of() : state.previous(t.id()));
    boolean done = !chunks.isEmpty() && chunks.get(chunks.size() - 1).range().last();
    if (!checkable.isEmpty() && !done) {
      TableCheck check =
          new TableCheck(
              t,
              source,
              workers.stream().map(w -> w.only(checkable)).toList(),
              settings.check(),
              settings.chunks(),
              consistency,
              throttle,
              pacer,
              r -> {
                chunks.add(r);
                if (state != null) {
                  state.append(r);
                }
                progress.chunk(t, r, () -> lags(probe));
              });
      check.alreadyReported(chunks);
      check.run(start(chunks));
    } else if (done) {
      progress.say(t.id() + " was finished by the earlier run");
    }
    List<ReplicaTable> perReplica = new ArrayList<>();
    for (Side r : replicas) {
      perReplica.add(
          problems.containsKey(r.label())
              ? ReplicaTable.missing(r.label(), problems.get(r.label()))
              : ReplicaTable.of(r.label(), t, chunks));
    }
    long rows = chunks.stream().mapToLong(ChunkResult::sourceRows).sum();
    TableReport report =
        new TableReport(
            t.id(), t.keyKind(), t.keyName(), chunks.size(), rows, warnings, perReplica);
    progress.say(t.id() + ": " + chunks.size() + " chunks, " + rows + " rows, " + report.verdict());
    return report;
  }

  private static TableCheck.Start start(List<ChunkResult> previous) {
    if (previous.isEmpty()) {
      return TableCheck.Start.BEGINNING;
    }
    ChunkResult last = previous.get(previous.size() - 1);
    return new TableCheck.Start(last.index() + 1, last.range().upper());
  }

  private DriftState state(Side source, List<Side> replicas) throws IOException {
    if (settings.out().isEmpty()) {
      return null;
    }
    DriftState.Header header =
        DriftState.Header.of(
            source.display(),
            replicas.stream().map(Side::display).toList(),
            settings.filter().describe(),
            settings.check().floatPrecision());
    Path dir = settings.out().get();
    return settings.resume() ? DriftState.resume(dir, header) : DriftState.create(dir, header);
  }

  private PositionMode positionMode(Side source, List<Side> replicas) throws SQLException {
    if (settings.positionMode().isPresent()) {
      return settings.positionMode().get();
    }
    List<ServerInfo> infos = replicas.stream().map(Side::info).toList();
    return PositionReader.detect(source.connection(), source.info(), infos);
  }

  private static String lags(LoadProbe probe) {
    try {
      return probe.lags();
    } catch (SQLException e) {
      return "lag unknown (" + e.getMessage() + ")";
    }
  }
}
