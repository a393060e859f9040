package io.querytester.drift;

import io.querytester.CannotRunException;
import io.querytester.run.DataCheck;
import io.querytester.server.Target;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Compares the tables of two quiet servers that do not replicate from each other, such as OLD and
 * NEW after a write replay: OLD is the reference, NEW is compared with it. Each table is chunked,
 * checksummed and row-diffed exactly as a drift check does ({@link TableCheck}), without the
 * replica check and without waiting for positions ({@link Consistency#SETTLED}): neither server
 * changes while it runs, so a mismatch is a difference at once, never read again. Read-only on both
 * servers: every session is a {@link ReadOnlySession}.
 *
 * <p>Sessions: one on OLD plans the chunks, and each of {@code --parallel} workers holds one on OLD
 * and one on NEW, so one chunk is read on OLD while the one before is read on NEW.
 */
public final class QuietCompare {
  /**
   * How tables are compared.
   *
   * @param chunks chunk sizing and chunks in flight, as drift's
   * @param maxDiffRows differing rows kept per table
   * @param floatPrecision decimals FLOAT and DOUBLE are rounded to before hashing
   */
  public record Settings(ChunkOptions chunks, int maxDiffRows, int floatPrecision) {
    public static final Settings DEFAULTS = new Settings(ChunkOptions.DEFAULTS, 20, 6);

    CheckOptions check() {
      // No re-reads: a quiet server's mismatch does not go away.
      return new CheckOptions(floatPrecision, 0, maxDiffRows, CheckOptions.DEFAULTS.waitTimeout());
    }
  }

  private final Settings settings;
  private final Pacer pacer;
  private final Consumer<String> progress;

  /**
   * @param progress a line per table as it is compared
   */
  public QuietCompare(Settings settings, Consumer<String> progress) {
    this(settings, Pacer.system(), progress);
  }

  QuietCompare(Settings settings, Pacer pacer, Consumer<String> progress) {
    this.settings = settings;
    this.pacer = pacer;
    this.progress = progress;
  }

  /**
   * Compares each table of {@code tables} on both servers, in name order.
   *
   * @param reference OLD, the reference
   * @param compared NEW
   * @param tables {@code db.table} names (matched without regard to case); one on neither server is
   *     ABSENT
   * @throws CannotRunException when a server cannot be read at all (a table's own error is its
   *     NOT_COMPARED result instead)
   * @throws IllegalArgumentException for a name without its schema
   */
  public List<DataCheck.Table> compare(Target reference, Target compared, Set<String> tables) {
    for (String t : tables) {
      if (t.indexOf('.') <= 0 || t.endsWith(".")) {
        throw new IllegalArgumentException(
            "'" + t + "' is not a db.table name: name every table with its schema");
      }
    }
    List<Side> opened = new ArrayList<>();
    try {
      Sessions s = Sessions.open(reference, compared, settings.chunks().parallel(), opened);
      Map<String, TableDef> old = byId(Catalog.named(s.planning().connection(), tables));
      Map<String, TableDef> neu = byId(Catalog.named(s.firstNew().connection(), tables));
      List<DataCheck.Table> out = new ArrayList<>();
      Map<String, String> ids = ids(tables, old, neu);
      int n = 0;
      for (Map.Entry<String, String> id : ids.entrySet()) {
        progress.accept("data: [" + ++n + "/" + ids.size() + "] " + id.getValue());
        DataCheck.Table t = table(id.getValue(), old.get(id.getKey()), neu.get(id.getKey()), s);
        progress.accept("data: " + QuietTable.describe(t));
        out.add(t);
      }
      return out;
    } catch (SQLException e) {
      throw CannotRunException.of("comparing the data of OLD and NEW failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CannotRunException("comparing the data of OLD and NEW was interrupted", e);
    } finally {
      opened.forEach(Side::closeQuietly);
    }
  }

  private DataCheck.Table table(String id, TableDef old, TableDef neu, Sessions s)
      throws InterruptedException {
    String schema = id.substring(0, id.indexOf('.')).toLowerCase(Locale.ROOT);
    if (TableFilter.SYSTEM_SCHEMAS.contains(schema)) {
      return DataCheck.Table.only(
          id, DataCheck.Status.NOT_COMPARED, "a system schema's table: not compared");
    }
    if (old == null && neu == null) {
      return DataCheck.Table.only(
          id, DataCheck.Status.ABSENT, "a table on neither side (dropped, temporary or a view)");
    }
    if (neu == null) {
      return DataCheck.Table.only(
          id, DataCheck.Status.MISSING_ON_NEW, "the table exists on OLD only");
    }
    if (old == null) {
      return DataCheck.Table.only(
          id, DataCheck.Status.MISSING_ON_OLD, "the table exists on NEW only");
    }
    String columns = QuietTable.columnsDiffer(old, neu);
    if (columns != null) {
      return DataCheck.Table.only(id, DataCheck.Status.COLUMNS_DIFFER, columns);
    }
    List<ChunkResult> chunks = new ArrayList<>();
    try {
      TableCheck check =
          new TableCheck(
              old,
              s.planning(),
              s.workers(),
              settings.check(),
              settings.chunks(),
              Consistency.SETTLED,
              new Throttle(List::of, ThrottleLimits.DEFAULTS, pacer, progress),
              pacer,
              chunks::add);
      check.run(TableCheck.Start.BEGINNING);
    } catch (SQLException e) {
      return DataCheck.Table.only(
          id, DataCheck.Status.NOT_COMPARED, CannotRunException.sqlError(e));
    }
    return QuietTable.of(old, chunks);
  }

  /**
   * The names to compare, lower-cased to their display name: the server's spelling if it has one.
   */
  private static Map<String, String> ids(
      Set<String> tables, Map<String, TableDef> old, Map<String, TableDef> neu) {
    Map<String, String> ids = new TreeMap<>();
    for (String t : new TreeSet<>(tables)) {
      String key = t.toLowerCase(Locale.ROOT);
      TableDef known = old.getOrDefault(key, neu.get(key));
      ids.putIfAbsent(key, known == null ? t : known.id());
    }
    return ids;
  }

  private static Map<String, TableDef> byId(List<TableDef> tables) {
    Map<String, TableDef> out = new TreeMap<>();
    tables.forEach(t -> out.put(t.id().toLowerCase(Locale.ROOT), t));
    return out;
  }

  /**
   * The sessions of a comparison: the planning one on OLD and, per worker, one on OLD for its
   * chunks (and their row diffs) and one on NEW.
   */
  private record Sessions(Side planning, List<Worker> workers) {
    static Sessions open(Target old, Target neu, int parallel, List<Side> opened)
        throws SQLException, InterruptedException {
      List<Target> wanted = new ArrayList<>(List.of(old));
      for (int i = 0; i < parallel; i++) {
        wanted.add(old);
        wanted.add(neu);
      }
      List<Side> sides = Side.openAll(wanted, opened);
      List<Worker> workers = new ArrayList<>();
      for (int i = 0; i < parallel; i++) {
        Side o = sides.get(1 + 2 * i);
        Side n = sides.get(2 + 2 * i);
        // Nothing replicates, so NEW's status session is never asked: NEW's own session stands in.
        workers.add(new Worker(o, List.of(new Lane(n, o, n))));
      }
      return new Sessions(sides.get(0), workers);
    }

    Side firstNew() {
      return workers.get(0).lanes().get(0).replica();
    }
  }
}
