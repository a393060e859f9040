package io.querytester.drift;

import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Schemas with the awkward cases drift tools get wrong, and a writer that keeps the source busy.
 */
final class DriftFixture {
  private DriftFixture() {}

  /** The server's counters of statements that write: a check that only reads leaves them alone. */
  static Map<String, Long> writeCounters(Target t) throws SQLException {
    Map<String, Long> counters = new TreeMap<>();
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_insert', 'Com_update',"
                    + " 'Com_delete', 'Com_replace', 'Com_insert_select', 'Com_create_table',"
                    + " 'Com_drop_table', 'Com_alter_table', 'Com_truncate')")) {
      while (rs.next()) {
        counters.put(rs.getString(1), rs.getLong(2));
      }
    }
    return counters;
  }

  /**
   * Creates schema {@code db} on {@code source} (it replicates): items (int key, utf8mb4 text with
   * accents and trailing spaces, floats, NULLs), pairs (composite key), nokey (no key, duplicate
   * rows), uniq (a NOT NULL unique key, no primary key).
   */
  static void create(Target source, String db, int rows) throws SQLException {
    TestServers.exec(
        source,
        "CREATE DATABASE " + db + " CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci",
        "CREATE TABLE "
            + db
            + ".items (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, price DOUBLE NULL,"
            + " ratio FLOAT NULL, qty INT NULL, note TEXT NULL, raw VARBINARY(16) NULL,"
            + " at DATETIME(3) NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
            + " COLLATE=utf8mb4_general_ci",
        "CREATE TABLE "
            + db
            + ".pairs (a INT NOT NULL, b VARCHAR(16) NOT NULL, v FLOAT NULL,"
            + " PRIMARY KEY (a, b)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        "CREATE TABLE "
            + db
            + ".nokey (x INT NULL, y VARCHAR(16) NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        "CREATE TABLE "
            + db
            + ".uniq (code CHAR(8) NOT NULL, n INT NULL, UNIQUE KEY u_code (code))"
            + " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
    try (Connection c = source.connect()) {
      insertItems(c, db, 1, rows);
      batch(
          c,
          "INSERT INTO " + db + ".pairs VALUES (?, ?, ?)",
          rows / 2,
          (ps, i) -> {
            ps.setInt(1, i / 4);
            ps.setString(2, "b" + i);
            if (i % 9 == 0) {
              ps.setNull(3, java.sql.Types.FLOAT);
            } else {
              ps.setFloat(3, i / 3.0f);
            }
          });
      batch(
          c,
          "INSERT INTO " + db + ".nokey VALUES (?, ?)",
          200,
          (ps, i) -> {
            ps.setInt(1, i % 50); // every row four times
            if (i % 50 == 7) {
              ps.setNull(2, java.sql.Types.VARCHAR);
            } else {
              ps.setString(2, i % 50 == 8 ? "" : "y" + (i % 50));
            }
          });
      batch(
          c,
          "INSERT INTO " + db + ".uniq VALUES (?, ?)",
          300,
          (ps, i) -> {
            ps.setString(1, String.format("c%07d", i));
            ps.setInt(2, i);
          });
    }
  }

  static void insertItems(Connection c, String db, int from, int count) throws SQLException {
    batch(
        c,
        "INSERT INTO " + db + ".items VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        count,
        (ps, k) -> {
          int i = from + k;
          ps.setInt(1, i);
          ps.setString(2, name(i));
          if (i % 13 == 0) {
            ps.setNull(3, java.sql.Types.DOUBLE);
          } else {
            ps.setDouble(3, i * 1.1 + 0.1);
          }
          ps.setFloat(4, i / 7.0f);
          if (i % 5 == 0) {
            ps.setNull(5, java.sql.Types.INTEGER);
          } else {
            ps.setInt(5, i % 100);
          }
          ps.setString(6, i % 3 == 0 ? null : "note " + i + " ñandú 😀");
          ps.setBytes(7, new byte[] {(byte) i, 0, (byte) 0xff, '#'});
          ps.setString(8, "2024-02-29 12:34:56." + String.format("%03d", i % 1000));
        });
  }

  /** Accents, trailing spaces, a combining accent, an emoji: what collations would call equal. */
  static String name(int i) {
    return switch (i % 6) {
      case 0 -> "café " + i;
      case 1 -> "item " + i + "  ";
      case 2 -> "Ärger " + i;
      case 3 -> "cafe\u0301 " + i;
      case 4 -> "😀 " + i;
      default -> "plain " + i;
    };
  }

  interface Binder {
    void bind(PreparedStatement ps, int i) throws SQLException;
  }

  private static void batch(Connection c, String sql, int count, Binder binder)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < count; i++) {
        binder.bind(ps, i);
        ps.addBatch();
        if (i % 500 == 499) {
          ps.executeBatch();
        }
      }
      ps.executeBatch();
    }
  }

  /** Updates, inserts and deletes on the source until stopped; counts what it did. */
  static final class Writer implements AutoCloseable {
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong writes = new AtomicLong();
    private final Thread thread;
    private volatile Throwable failure;

    Writer(Target source, String db, int rows) {
      thread =
          Thread.ofPlatform()
              .name("drift-writer")
              .start(
                  () -> {
                    Random random = new Random(7);
                    int next = rows + 1_000_000;
                    try (Connection c = source.connect();
                        Statement s = c.createStatement()) {
                      while (!stop.get()) {
                        int id = 1 + random.nextInt(rows);
                        switch (random.nextInt(4)) {
                          case 0 ->
                              s.execute(
                                  "UPDATE "
                                      + db
                                      + ".items SET qty = COALESCE(qty, 0) + 1, name = CONCAT(LEFT(name, 40), 'x') WHERE id = "
                                      + id);
                          case 1 -> s.execute("DELETE FROM " + db + ".items WHERE id = " + id);
                          case 2 -> insertItems(c, db, next++, 1);
                          default ->
                              s.execute(
                                  "UPDATE " + db + ".pairs SET v = v + 1 WHERE a = " + (id / 8));
                        }
                        writes.incrementAndGet();
                        Thread.sleep(2);
                      }
                    } catch (Throwable t) {
                      failure = t;
                    }
                  });
    }

    long writes() {
      return writes.get();
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      thread.join();
      if (failure != null) {
        throw new IllegalStateException("writer failed", failure);
      }
    }
  }

  /** Settings for tests: small chunks so even small tables have many. */
  static DriftCheck.Settings settings(
      String db, Optional<PositionMode> mode, Optional<java.nio.file.Path> out, boolean resume) {
    return settings(db, mode, out, resume, ChunkOptions.DEFAULT_PARALLEL);
  }

  /** The same with {@code parallel} chunks in flight. */
  static DriftCheck.Settings settings(
      String db,
      Optional<PositionMode> mode,
      Optional<java.nio.file.Path> out,
      boolean resume,
      int parallel) {
    return new DriftCheck.Settings(
        new TableFilter(
            List.of(db),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of()),
        new ChunkOptions(Duration.ofMillis(100), 200, 50, 400, parallel),
        new CheckOptions(6, 3, 100, Duration.ofSeconds(60)),
        ThrottleLimits.DEFAULTS,
        mode,
        out,
        resume);
  }

  /** Runs a check and keeps its progress lines. */
  static final class Run {
    final StringWriter progress = new StringWriter();
    final DriftReport report;

    Run(DriftCheck.Settings settings, Target source, Target replica) {
      this(settings, source, replica, line -> {});
    }

    /** {@code onLine} sees every progress line as it is written, on the checking thread. */
    Run(
        DriftCheck.Settings settings,
        Target source,
        Target replica,
        java.util.function.Consumer<String> onLine) {
      java.io.Writer tee =
          new java.io.Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] buf, int off, int len) {
              progress.write(buf, off, len);
              for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                  onLine.accept(line.toString());
                  line.setLength(0);
                } else {
                  line.append(buf[i]);
                }
              }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
          };
      report = new DriftCheck(settings, new PrintWriter(tee, true)).run(source, List.of(replica));
    }

    TableReport table(String id) {
      return report.tables().stream().filter(t -> t.table().equals(id)).findFirst().orElseThrow();
    }

    ReplicaTable on(String id) {
      return table(id).replicas().get(0);
    }

    String console(boolean fix) {
      StringWriter w = new StringWriter();
      DriftReports.console(report, new PrintWriter(w), fix);
      return w.toString();
    }
  }

  static List<String> keys(ReplicaTable r, RowDifference.Kind kind) {
    List<String> keys = new ArrayList<>();
    r.rows().stream()
        .filter(d -> d.kind() == kind)
        .forEach(d -> keys.add(String.join(",", d.key())));
    return keys;
  }
}
