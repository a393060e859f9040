package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import io.querytester.workload.WorkloadReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CaptureCommandTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private Path sample(String name) throws IOException {
    Path p = dir.resolve(name);
    try (InputStream in = getClass().getResourceAsStream("/capture/" + name)) {
      Files.copy(in, p);
    }
    return p;
  }

  static List<QueryEvent> events(Path workload) throws IOException {
    List<QueryEvent> events = new ArrayList<>();
    try (WorkloadReader r = WorkloadReader.open(workload, w -> {})) {
      assertThat(r.complete()).isFalse(); // not yet read to the footer
      r.forEach(e -> events.add(e.event()));
      assertThat(r.complete()).isTrue();
    }
    return events;
  }

  @Test
  void capturesASlowLogIntoACompleteWorkloadFile() throws IOException {
    Path out = dir.resolve("w.jsonl.gz");
    Run r =
        run(
            "capture",
            "--source",
            "slowlog",
            sample("mysql57-slow.log").toString(),
            "--out",
            out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("captured 4 events")
        .contains("admin commands (not SQL, skipped): 1");
    List<QueryEvent> events = events(out);
    assertThat(events)
        .extracting(QueryEvent::sql)
        .contains("SET timestamp=1", "INSERT INTO contacts (name) VALUES ('O''Brien')");
    try (WorkloadReader reader = WorkloadReader.open(out, w -> {})) {
      assertThat(reader.header().source()).isEqualTo("slowlog");
      assertThat(reader.header().serverVersion()).isEqualTo("5.7.44-log");
    }
  }

  @Test
  void readsGzipAndSeveralFilesAndAppliesFilters() throws IOException {
    Path gz = dir.resolve("slow.log.1.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.write(Files.readAllBytes(sample("mysql80-slow.log")));
    }
    Path out = dir.resolve("w.jsonl");
    Run r =
        run(
            "capture",
            "--source",
            "slowlog",
            gz.toString(),
            sample("percona-slow.log").toString(),
            "--exclude-schema",
            "my db",
            "--match",
            "(?i)^select",
            "--out",
            out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(events(out))
        .extracting(QueryEvent::sql)
        .containsExactly(
            "SELECT /*+ MAX_EXECUTION_TIME(100) */ * FROM t1 /*!80000 WHERE 1 */",
            "SELECT nope FROM t1",
            "SELECT c FROM sbtest1 WHERE id=5",
            "SELECT * FROM missing");
    assertThat(r.out()).contains("filtered out 1: ");
  }

  /** Issue 38: these were written unmasked from slow and general logs. */
  static final List<String> SECRETS_IN_STATEMENTS =
      List.of(
          "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD 'pw-server')",
          "ALTER SERVER s OPTIONS (PASSWORD \"pw-alter\")",
          "CREATE TABLE f (id INT) ENGINE=FEDERATED CONNECTION='mysql://u:pw-fed@h:3306/db/t'",
          "CREATE TABLE c (id INT) ENGINE=CONNECT TABLE_TYPE=ODBC"
              + " CONNECTION='DSN=x;UID=u;PWD=pw-odbc' OPTION_LIST='user=u,password=pw-list'",
          "SELECT AES_ENCRYPT(card, 'key-aes'), AES_DECRYPT(c, 'key-aes2', 'iv-x') FROM t",
          "SELECT ENCODE('x', 'key-enc'), DECODE(c, 'key-dec') FROM t",
          "SELECT DES_ENCRYPT('x', 'key-des'), DES_DECRYPT(c, 'key-des2'), ENCRYPT('x', 'key-crypt')");

  @Test
  void secretsAreMaskedAtCaptureFromGeneralAndSlowLogs() throws IOException {
    StringBuilder general = new StringBuilder();
    StringBuilder slow = new StringBuilder();
    for (String sql : SECRETS_IN_STATEMENTS) {
      general.append("2024-05-22T10:12:34.1Z\t    5 Query\t").append(sql).append('\n');
      slow.append("# Time: 240522 10:12:34\n# User@Host: app[app] @ localhost [127.0.0.1]\n")
          .append("# Thread_id: 9  Schema: shop  QC_hit: No\n")
          .append("# Query_time: 0.000311  Lock_time: 0.000101  Rows_sent: 2  Rows_examined: 2\n")
          .append("SET timestamp=1716372754;\n")
          .append(sql)
          .append(";\n");
    }
    for (String source : List.of("genlog", "slowlog")) {
      Path log =
          Files.writeString(dir.resolve(source + ".log"), source.equals("genlog") ? general : slow);
      Path out = dir.resolve(source + ".jsonl");
      Run r = run("capture", "--source", source, log.toString(), "--out", out.toString());
      assertThat(r.exit()).as(r.err()).isZero();
      String written = events(out).stream().map(QueryEvent::sql).toList().toString();
      assertThat(events(out)).hasSize(SECRETS_IN_STATEMENTS.size());
      assertThat(written)
          .as(source)
          .doesNotContain("pw-", "key-", "iv-x")
          .contains("mysql://u:****@h:3306/db/t", "PWD=****", "AES_ENCRYPT(card, '****')");
      // the workload holds production statements: its owner's alone
      assertThat(
              java.nio.file.attribute.PosixFilePermissions.toString(
                  Files.getPosixFilePermissions(out)))
          .isEqualTo("rw-------");
    }
  }

  @Test
  void samplingAndEventLimit() throws IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      log.append("2024-05-22T10:12:34.1Z\t    5 Query\tSELECT ").append(i).append('\n');
    }
    Path f = Files.writeString(dir.resolve("general.log"), log);
    Path out = dir.resolve("w.jsonl");
    assertThat(
            run(
                    "capture",
                    "--source",
                    "genlog",
                    f.toString(),
                    "--sample",
                    "10",
                    "--out",
                    out.toString())
                .exit())
        .isZero();
    assertThat(events(out))
        .extracting(QueryEvent::sql)
        .containsExactly(
            "SELECT 0",
            "SELECT 10",
            "SELECT 20",
            "SELECT 30",
            "SELECT 40",
            "SELECT 50",
            "SELECT 60",
            "SELECT 70",
            "SELECT 80",
            "SELECT 90");
    assertThat(
            run(
                    "capture",
                    "--source",
                    "genlog",
                    f.toString(),
                    "--max-events",
                    "7",
                    "--out",
                    out.toString())
                .out())
        .contains("ended by: --max-events");
    assertThat(events(out)).hasSize(7);
  }

  @Test
  void readsStandardInput() throws IOException {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream(Files.readAllBytes(sample("mariadb-general.log"))));
      Path out = dir.resolve("w.jsonl");
      Run r = run("capture", "--source", "genlog", "-", "--out", out.toString());
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(events(out)).hasSize(3);
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void anEmptyFileIsUnusableInputExitTwoWithAValidEmptyWorkload() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty.log"));
    Path out = dir.resolve("w.jsonl");
    Run r = run("capture", "--source", "slowlog", empty.toString(), "--out", out.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("empty.log: the file is empty").contains("no usable event");
    assertThat(events(out)).isEmpty();
  }

  @Test
  void aFileOfJunkIsUnusableInputAndTheSummaryCountsTheSkipped() throws IOException {
    byte[] junk = new byte[50_000];
    new java.util.Random(3).nextBytes(junk);
    Path f = Files.write(dir.resolve("junk.log"), junk);
    Run r =
        run(
            "capture",
            "--source",
            "slowlog",
            f.toString(),
            "--out",
            dir.resolve("w.jsonl").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).contains("skipped ");
  }

  @Test
  void badEventsAreSkippedWithTheirOffsetAndTheExitCodeIsZero() throws IOException {
    String ev =
        "# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 0  Rows_examined: 0\nSET timestamp=1;\n";
    Path f =
        Files.writeString(dir.resolve("s.log"), ev + "SELECT \u0000 1;\n" + ev + "SELECT 2;\n");
    Run r =
        run(
            "capture",
            "--source",
            "slowlog",
            f.toString(),
            "--out",
            dir.resolve("w.jsonl").toString());
    assertThat(r.exit()).isZero();
    assertThat(r.err())
        .contains("s.log: event at byte 0 contains 1 binary (control) bytes; skipped");
    assertThat(r.out()).contains("captured 1 events").contains("skipped 1 bad: bad events 1");
  }

  @Test
  void aMissingFileOrUnknownSourceIsBadUsage() {
    assertThat(
            run(
                    "capture",
                    "--source",
                    "slowlog",
                    dir.resolve("nope.log").toString(),
                    "--out",
                    "x.jsonl")
                .exit())
        .isEqualTo(2);
    Run unknown = run("capture", "--source", "tcpdump", "--out", "x.jsonl");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("--source tcpdump: neither a kind");
    Run r = run("capture", "--source", "processlist", "--out", "x.jsonl");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("needs the server").contains("--source jdbc:mysql://");
  }

  @Test
  void theTypeAndTheServerHaveOneNameEachAndTheOldNamesStillWork() {
    // --type KIND with --source SPEC, as drift's --source; the old --source KIND --source-url SPEC.
    Run both =
        run(
            "capture",
            "--type",
            "processlist",
            "--source",
            "jdbc:mysql://127.0.0.1:1/",
            "--source-url",
            "jdbc:mysql://127.0.0.1:2/",
            "--out",
            "x.jsonl");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err()).contains("name two servers");
    Run disagree = run("capture", "--type", "genlog", "--source", "slowlog", "--out", "x.jsonl");
    assertThat(disagree.exit()).isEqualTo(2);
    assertThat(disagree.err()).contains("disagree");
    Run none = run("capture", "--out", "x.jsonl");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("--type KIND");
  }
}
