package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import io.querytester.job.ReplayJob;
import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import io.querytester.testing.Workloads;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --load} with a real dump: {@code mariadb-dump} of an embedded 11.4.5 server (tables with
 * every byte value, quotes, comment markers and emoji in strings, a view, a trigger, a procedure),
 * loaded into 10.2.11 and 11.4.5, plain and gzipped, and a dump broken in the middle.
 */
class LoadIT {
  static final List<String> TABLES = List.of("customers", "items", "blobs");

  static EmbeddedTarget source;
  static EmbeddedTarget old;
  static EmbeddedTarget neu;
  static Path work;
  static Path dump;
  static Path dumpGz;

  @BeforeAll
  static void start() throws Exception {
    work =
        Files.createTempDirectory(
            Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"))), "load-it");
    source = TestServers.start("SOURCE", TestServers.NEW);
    fill(source);
    dump = mariadbDump(source, work.resolve("dump.sql"));
    dumpGz = gzip(dump, work.resolve("dump.sql.gz"));
    old = TestServers.start("OLD", TestServers.OLD);
    neu = TestServers.start("NEW", TestServers.NEW);
  }

  @AfterAll
  static void stop() {
    Stream.of(source, old, neu).filter(Objects::nonNull).forEach(Target::close);
  }

  static void fill(Target t) throws SQLException {
    TestServers.exec(
        t,
        "CREATE DATABASE shop",
        "USE shop",
        "CREATE TABLE shop.customers (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL,"
            + " note TEXT, born DATE, balance DECIMAL(12,2))",
        "CREATE TABLE shop.items (id INT AUTO_INCREMENT PRIMARY KEY, customer_id INT,"
            + " name VARCHAR(200), price DECIMAL(10,2), added DATETIME(3),"
            + " FOREIGN KEY (customer_id) REFERENCES shop.customers (id))",
        "CREATE TABLE shop.blobs (id INT PRIMARY KEY, data LONGBLOB, bits BIT(12))",
        "INSERT INTO shop.customers VALUES"
            + " (1, 'O''Brien', 'It''s -- not a comment; # nor this /* nor this */', '1970-01-01', 10.5),"
            + " (2, 'back\\\\slash', 'line one\\nline two\\ttab \"double\"', NULL, -0.01),"
            + " (3, 'émoji 😀 ünïcode', '', '2024-02-29', NULL),"
            + " (4, 'semi;colon', 'DELIMITER ;; inside a string', '1999-12-31', 0)",
        "CREATE TRIGGER shop.items_bi BEFORE INSERT ON shop.items FOR EACH ROW"
            + " SET NEW.name = TRIM(NEW.name)",
        "INSERT INTO shop.items (customer_id, name, price, added)"
            + " SELECT 1 + seq % 4, CONCAT('  item ', seq, ' '), seq * 1.25,"
            + " TIMESTAMP('2026-01-01 00:00:00.123') + INTERVAL seq MINUTE FROM seq_1_to_3000",
        "CREATE VIEW shop.cheap AS SELECT id, name FROM shop.items WHERE price < 10",
        "CREATE PROCEDURE shop.item_count(OUT n INT) BEGIN"
            + " DECLARE c INT; SELECT COUNT(*) INTO c FROM shop.items; SET n = c; END");
    try (Connection c = t.connect();
        PreparedStatement ps = c.prepareStatement("INSERT INTO shop.blobs VALUES (?, ?, b'101')")) {
      byte[] all = new byte[256 * 4];
      for (int i = 0; i < all.length; i++) {
        all[i] = (byte) i;
      }
      ps.setInt(1, 1);
      ps.setBytes(2, all);
      ps.executeUpdate();
      ps.setInt(1, 2);
      ps.setBytes(2, new byte[0]);
      ps.executeUpdate();
    }
  }

  /**
   * The real client: 11.4.5's mariadb-dump, root's option file only, no TLS (the server has none).
   */
  static Path mariadbDump(EmbeddedTarget t, Path out) throws Exception {
    Path log = out.resolveSibling("mariadb-dump.log");
    Process p =
        t.server()
            .client(
                List.of(
                    "--defaults-file=" + TestServers.clientOptions(out.getParent(), t),
                    "--skip-ssl",
                    "--host=127.0.0.1",
                    "--port=" + t.server().port(),
                    "--routines",
                    "--triggers",
                    "--databases",
                    "shop",
                    "--result-file=" + out),
                "mariadb-dump",
                "mysqldump")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(log)).isZero();
    // Binary strings make a dump no valid UTF-8: read it byte for byte.
    String text = Files.readString(out, StandardCharsets.ISO_8859_1);
    assertThat(text).contains("INSERT INTO `items` VALUES").contains("DELIMITER ;;");
    return out;
  }

  static Path gzip(Path in, Path out) throws IOException {
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(out))) {
      Files.copy(in, o);
    }
    return out;
  }

  static void dropShop() throws SQLException {
    for (Target t : List.of(old, neu)) {
      TestServers.exec(t, "DROP DATABASE IF EXISTS shop");
    }
  }

  @Test
  void aMariadbDumpLoadsIntoOldAndNewIdentically() throws Exception {
    for (Path file : List.of(dump, dumpGz)) {
      dropShop();
      List<String> progress = new CopyOnWriteArrayList<>();
      ReplayJob.load(List.of(old, neu), List.of(file), progress::add);
      for (String table : TABLES) {
        List<String> expected = rows(source, table);
        assertThat(expected).hasSizeGreaterThan(1);
        assertThat(rows(old, table)).as(file + " " + table + " on OLD").isEqualTo(expected);
        assertThat(rows(neu, table)).as(file + " " + table + " on NEW").isEqualTo(expected);
      }
      for (Target t : List.of(old, neu)) {
        assertThat(scalar(t, "SELECT COUNT(*) FROM shop.cheap")).isEqualTo("7");
        assertThat(
                scalar(
                    t,
                    "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'shop'"))
            .isEqualTo("1");
        assertThat(
                scalar(
                    t,
                    "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'shop'"))
            .isEqualTo("1");
        TestServers.exec(t, "CALL shop.item_count(@n)");
      }
      assertThat(progress)
          .anyMatch(l -> l.startsWith("loading " + file + " into OLD"))
          .anyMatch(
              l -> l.matches("loaded " + file.getFileName() + " into NEW: [0-9,]+ statements"));
    }
  }

  @Test
  void aBrokenDumpStopsAtItsFirstErrorWithTheLine() throws Exception {
    List<String> lines = Files.readAllLines(dump, StandardCharsets.ISO_8859_1);
    int at = indexOf(lines, "CREATE TABLE `items`"); // tables are dumped in name order
    List<String> broken = new ArrayList<>(lines.subList(0, at));
    broken.add("INSERT INTO `no_such_table` VALUES (1);");
    broken.addAll(lines.subList(at, lines.size()));
    Path bad = Files.write(work.resolve("broken.sql"), broken, StandardCharsets.ISO_8859_1);
    dropShop();
    assertThatThrownBy(() -> ReplayJob.load(List.of(old, neu), List.of(bad), l -> {}))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broken.sql")
        .hasMessageContaining("stopped at line " + (at + 1))
        .hasMessageContaining("no_such_table")
        .hasMessageContaining("1146");
    // Nothing after the error ran anywhere; the side that reached it first has everything before
    // it (the other side was stopped between two statements as soon as the first one failed).
    List<String> customers = new ArrayList<>();
    for (Target t : List.of(old, neu)) {
      assertThat(
              scalar(
                  t,
                  "SELECT COUNT(*) FROM information_schema.TABLES"
                      + " WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'items'"))
          .isEqualTo("0");
      boolean exists =
          scalar(
                  t,
                  "SELECT COUNT(*) FROM information_schema.TABLES"
                      + " WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'customers'")
              .equals("1");
      customers.add(exists ? scalar(t, "SELECT COUNT(*) FROM shop.customers") : "-");
    }
    assertThat(customers).contains("4");
  }

  @Test
  void replayLoadsTheDumpIntoBothSidesItStarts(@TempDir Path dir) throws Exception {
    Path w =
        Workloads.write(
            dir.resolve("w.jsonl"),
            "shop",
            2,
            List.of(
                "SELECT id, name, price FROM items WHERE id <= 20 ORDER BY id",
                "SELECT name, note FROM customers ORDER BY id",
                "SELECT id, name FROM cheap ORDER BY id"));
    Run ok =
        cli(
            "replay",
            "--workload",
            w.toString(),
            "--load",
            dumpGz.toString(),
            "--out",
            dir.resolve("run").toString());
    assertThat(ok.code()).as(ok.err()).isIn(0, 1);
    assertThat(ok.err())
        .contains("loaded dump.sql.gz into OLD: ")
        .contains("loaded dump.sql.gz into NEW: ");

    List<String> lines = Files.readAllLines(dump, StandardCharsets.ISO_8859_1);
    int at = indexOf(lines, "CREATE TABLE `items`");
    lines.add(at, "SELEC 'typo';");
    Path bad =
        gzip(
            Files.write(dir.resolve("typo.sql"), lines, StandardCharsets.ISO_8859_1),
            dir.resolve("typo.sql.gz"));
    Run broken =
        cli(
            "replay",
            "--workload",
            w.toString(),
            "--load",
            bad.toString(),
            "--out",
            dir.resolve("run2").toString());
    assertThat(broken.code()).isEqualTo(2);
    assertThat(broken.err())
        .contains("typo.sql.gz")
        .contains("stopped at line " + (at + 1))
        .contains("1064")
        .doesNotContain("\tat ");
  }

  record Run(int code, String out, String err) {}

  static Run cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static int indexOf(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new AssertionError("no line starts with " + prefix);
  }

  static List<String> rows(Target t, String table) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM shop." + table + " ORDER BY id")) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          Object v = rs.getObject(i);
          row.append(v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v))
              .append('|');
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }

  static String scalar(Target t, String sql) throws SQLException {
    try (Connection c = t.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
