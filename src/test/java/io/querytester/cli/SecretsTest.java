package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Passwords are masked at capture, in every source, unless --keep-secrets. */
class SecretsTest {
  @TempDir Path dir;

  static final List<String> WITH_SECRETS =
      List.of(
          "CREATE USER u@'%' IDENTIFIED BY 's3cret-1'",
          "SET PASSWORD FOR u@'%' = PASSWORD('s3cret-2')",
          "GRANT SELECT ON *.* TO v@'%' IDENTIFIED BY 's3cret-3'",
          "CHANGE MASTER TO MASTER_HOST='h', MASTER_PASSWORD='s3cret-4'",
          "ALTER USER u@'%' IDENTIFIED WITH mysql_native_password BY \"s3cret-5\"");

  @Test
  void aGeneralLogAndASlowLogAreCapturedWithPasswordsMasked() throws IOException {
    StringBuilder general = new StringBuilder();
    StringBuilder slow = new StringBuilder();
    for (String sql : WITH_SECRETS) {
      general.append("2024-05-22T10:12:34.100000Z\t    5 Query\t").append(sql).append('\n');
      slow.append("# Time: 2024-05-22T10:12:34.100000Z\n")
          .append("# User@Host: app[app] @ localhost []  Id:     5\n")
          .append("# Query_time: 0.000100  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\n")
          .append("SET timestamp=1716372754;\n")
          .append(sql)
          .append(";\n");
    }
    Path generalLog = Files.writeString(dir.resolve("general.log"), general);
    Path slowLog = Files.writeString(dir.resolve("slow.log"), slow);
    for (String[] source :
        new String[][] {{"genlog", generalLog.toString()}, {"slowlog", slowLog.toString()}}) {
      Path masked = dir.resolve(source[0] + "-masked.jsonl");
      Path kept = dir.resolve(source[0] + "-kept.jsonl");
      CaptureCommandTest.Run r =
          CaptureCommandTest.run(
              "capture", "--source", source[0], source[1], "--out", masked.toString());
      assertThat(r.exit()).as(r.err()).isZero();
      List<String> sql =
          CaptureCommandTest.events(masked).stream()
              .map(QueryEvent::sql)
              .filter(s -> !s.startsWith("SET timestamp"))
              .toList();
      assertThat(sql).as(source[0]).hasSize(WITH_SECRETS.size());
      assertThat(Files.readString(masked)).doesNotContain("s3cret");
      assertThat(sql.get(0)).isEqualTo("CREATE USER u@'%' IDENTIFIED BY '****'");
      assertThat(sql.get(1)).isEqualTo("SET PASSWORD FOR u@'%' = PASSWORD('****')");

      r =
          CaptureCommandTest.run(
              "capture",
              "--source",
              source[0],
              source[1],
              "--keep-secrets",
              "--out",
              kept.toString());
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(CaptureCommandTest.events(kept).stream().map(QueryEvent::sql))
          .containsAll(WITH_SECRETS);
    }
  }
}
