package io.querytester.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LogLineClassifierTest {
  private final LogLineClassifier c = new LogLineClassifier(ZoneOffset.UTC);

  @Test
  void mysql80LineGivesTimeLevelCodeAndMessageWithoutSubsystem() {
    LogLine l =
        c.classify(
            "2024-01-01T00:00:00.123456Z 0 [Warning] [MY-010068] [Server] CA certificate ca.pem"
                + " is self signed.");
    assertThat(l.time()).isEqualTo(Instant.parse("2024-01-01T00:00:00.123456Z"));
    assertThat(l.level()).isEqualTo("Warning");
    assertThat(l.code()).isEqualTo("MY-010068");
    assertThat(l.message()).isEqualTo("CA certificate ca.pem is self signed.");
    assertThat(l.key()).isEqualTo("CA certificate ca.pem is self signed");
  }

  @Test
  void mysql57And80AbortedConnectionsAreOneClass() {
    LogLine v57 =
        c.classify(
            "2019-05-08T14:23:47.000000Z 5 [Note] Aborted connection 5 to db: 'shop' user: 'app'"
                + " host: '10.0.0.5' (Got an error reading communication packets)");
    LogLine v80 =
        c.classify(
            "2024-01-01T10:00:00.123456+01:00 12 [Note] [MY-010914] [Server] Aborted connection"
                + " 12 to db: 'crm' user: 'batch' host: '10.0.0.7' (Got an error reading"
                + " communication packets).");
    assertThat(v57.key())
        .isEqualTo(v80.key())
        .isEqualTo(
            "Aborted connection N to db: '?' user: '?' host: '?' (Got an error reading"
                + " communication packets)");
    assertThat(v57.code()).isNull();
    assertThat(v80.time()).isEqualTo(Instant.parse("2024-01-01T09:00:00.123456Z"));
  }

  @Test
  void mysql80ReadyLineLosesPathsVersionsAndPorts() {
    LogLine l =
        c.classify(
            "2024-01-01T00:00:01.000000Z 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready"
                + " for connections. Version: '8.0.36'  socket: '/var/run/mysqld/mysqld.sock'"
                + "  port: 3306  MySQL Community Server - GPL.");
    assertThat(l.level()).isEqualTo("System");
    assertThat(l.key())
        .isEqualTo(
            "/PATH: ready for connections. Version: '?' socket: '?' port: N MySQL Community"
                + " Server - GPL");
  }

  @Test
  void mariadbLinesWithShortHoursAndLongThreadIds() {
    LogLine a =
        c.classify(
            "2026-11-21  7:10:55 5 [Warning] Aborted connection 5 to db: 'unconnected' user:"
                + " 'unauthenticated' host: '127.0.0.1' (This connection closed normally without"
                + " authentication)");
    LogLine b =
        c.classify(
            "2026-11-21 17:10:59 140296586614464 [Warning] Aborted connection 15 to db:"
                + " 'unconnected' user: 'unauthenticated' host: '127.0.0.1' (This connection"
                + " closed normally without authentication)");
    assertThat(a.time()).isEqualTo(Instant.parse("2026-11-21T07:10:55Z"));
    assertThat(b.time()).isEqualTo(Instant.parse("2026-11-21T17:10:59Z"));
    assertThat(a.level()).isEqualTo("Warning");
    assertThat(a.key()).isEqualTo(b.key());
    assertThat(
            c.classify(
                    "2026-11-21  7:10:36 140296612677440 [Warning] Access denied for user"
                        + " 'root'@'127.0.0.1' (using password: YES)")
                .key())
        .isEqualTo("Access denied for user '?'@'?' (using password: YES)");
  }

  @Test
  void mariadbInnodbLinesKeepTheirWordsAndLoseSizes() {
    LogLine a =
        c.classify(
            "2026-11-21  7:10:42 0 [Note] InnoDB: Initializing buffer pool, total size ="
                + " 128.000MiB, chunk size = 2.000MiB");
    assertThat(a.key())
        .isEqualTo("InnoDB: Initializing buffer pool, total size = NMiB, chunk size = NMiB");
    LogLine b =
        c.classify(
            "2024-01-01  0:00:00 0 [Note] InnoDB: Buffer pool(s) load completed at 240101 "
                + " 0:00:00");
    assertThat(b.key()).isEqualTo("InnoDB: Buffer pool(s) load completed at N N");
    LogLine rev =
        c.classify(
            "2026-11-21  7:10:42 0 [Note] Starting MariaDB 11.4.5-MariaDB source revision"
                + " 0771110266ff5c04216af4bf1243c65f8c67ccf4 server_uid"
                + " EaBlEgsfcxyzsGlOYqS2MWGniPs= as process 12361");
    assertThat(rev.key())
        .isEqualTo("Starting MariaDB N-MariaDB source revision HEX server_uid TOKEN as process N");
  }

  @Test
  void olderFormatsWithAndWithoutLevel() {
    LogLine a = c.classify("240101 10:00:00 [Note] Plugin 'FEDERATED' is disabled.");
    assertThat(a.time()).isEqualTo(Instant.parse("2024-01-01T10:00:00Z"));
    assertThat(a.level()).isEqualTo("Note");
    assertThat(a.key()).isEqualTo("Plugin '?' is disabled");
    LogLine b =
        c.classify(
            "240101  9:00:00 mysqld_safe Starting mysqld daemon with databases from"
                + " /var/lib/mysql");
    assertThat(b.time()).isEqualTo(Instant.parse("2024-01-01T09:00:00Z"));
    assertThat(b.level()).isNull();
    assertThat(b.key()).isEqualTo("mysqld_safe Starting mysqld daemon with databases from /PATH");
    LogLine hexThread =
        c.classify("2017-05-12 10:00:00 7f3a1b2c3700 InnoDB: Warning: a long semaphore wait:");
    assertThat(hexThread.key()).isEqualTo("InnoDB: Warning: a long semaphore wait:");
    LogLine word = c.classify("2017-05-12 10:00:00 Added new Master_info '' to hash table");
    assertThat(word.key()).isEqualTo("Added new Master_info '?' to hash table");
  }

  @Test
  void unknownLinesAreClassesOfTheirOwn() {
    LogLine v =
        c.classify(
            "Version: '10.2.11-MariaDB'  socket: '/tmp/x.sock'  port: 33102  MariaDB Server");
    assertThat(v.time()).isNull();
    assertThat(v.level()).isNull();
    assertThat(v.key()).isEqualTo("Version: '?' socket: '?' port: N MariaDB Server");
    assertThat(c.classify("stack_bottom = 0x7f0123456789 thread_stack 0x49000").key())
        .isEqualTo("stack_bottom = HEX thread_stack HEX");
    assertThat(c.classify("").key()).isEqualTo("(empty line)");
    assertThat(c.classify("2024-99-99T99:99:99Z 0 [Note] odd").time()).isNull();
  }

  @Test
  void binaryJunkNeverThrowsAndStaysBounded() {
    Random r = new Random(7);
    for (int i = 0; i < 2000; i++) {
      byte[] junk = new byte[r.nextInt(6000)];
      r.nextBytes(junk);
      String text =
          i % 2 == 0
              ? new String(junk, StandardCharsets.UTF_8)
              : new String(junk, StandardCharsets.ISO_8859_1);
      LogLine l = c.classify(i % 3 == 0 ? "2024-01-01T00:00:00Z 0 [Note] " + text : text);
      assertThat(l.key()).isNotNull();
      assertThat(l.key().length()).isLessThanOrEqualTo(LogLineClassifier.MAX_KEY + 3);
      assertThat(l.message().length()).isLessThanOrEqualTo(LogLineClassifier.MAX_MESSAGE + 3);
      assertThat(l.key()).doesNotContain("\u0000", "\n", "\r");
    }
    assertThat(c.classify(null).key()).isEqualTo("(empty line)");
  }
}
