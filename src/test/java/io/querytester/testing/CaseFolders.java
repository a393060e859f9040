package io.querytester.testing;

import io.querytester.replay.ReplaySettings;
import io.querytester.server.SqlScript;
import io.querytester.server.Target;
import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadHeader;
import io.querytester.workload.WorkloadWriter;
import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the behaviour-case tests share (gh-ost style, a folder per case): the case folders under a
 * test resource, a fresh database with the case's schema on every server, and the case's statements
 * as a workload of one session.
 */
public final class CaseFolders {
  private CaseFolders() {}

  /** The folder of the test resource {@code root} (e.g. {@code cases}). */
  public static Path root(String root) {
    try {
      return Path.of(CaseFolders.class.getClassLoader().getResource(root).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The case folders' names under {@code root}, sorted. */
  public static Stream<String> names(String root) throws IOException {
    try (Stream<Path> dirs = Files.list(root(root))) {
      return dirs
          .filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList()
          .stream();
    }
  }

  /** Database {@code db}, dropped and created again on each target, with {@code schema} in it. */
  public static void database(List<? extends Target> targets, String db, String schema)
      throws SQLException {
    for (Target t : targets) {
      TestServers.exec(t, "DROP DATABASE IF EXISTS " + db, "CREATE DATABASE " + db);
      if (schema != null) {
        try (var conn = t.connect();
            var st = conn.createStatement()) {
          st.execute("USE " + db);
          for (SqlScript.Statement s : new SqlScript(new StringReader(schema))) {
            st.execute(s.sql());
          }
        }
      }
    }
  }

  /**
   * How a case is replayed: one lane, a 30 s statement timeout, 12 float digits, reads spread
   * unless writes are allowed.
   */
  public static ReplaySettings settings(Path workload, Path run, boolean allowWrites, int repeat) {
    ReplaySettings d = ReplaySettings.defaults(workload, run).withWrites(allowWrites);
    return d.withPace(d.pace().withConcurrency(1).withSeed(7))
        .withStatements(d.statements().withMaxRows(1_000_000))
        .withCompare(d.compare().withRepeat(repeat));
  }

  /** The statements as a workload file of one session in {@code db}. */
  public static Path workload(Path file, String db, List<String> statements) throws IOException {
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("manual", null, Instant.now()))) {
      Instant ts = Instant.parse("2026-01-02T03:04:05.123456Z");
      for (String sql : statements) {
        w.write(
            new QueryEvent(
                ts, 1L, "app", "localhost", db, sql, null, null, null, null, null, null));
      }
    }
    return file;
  }
}
