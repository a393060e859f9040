package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.testing.ServerHolder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A tool killed with -9 (no shutdown hook runs) must not leave its server behind. */
class NoOrphanServerIT {

  @Test
  void aServerDiesWithTheJvmThatStartedItEvenOnKill9() throws Exception {
    Process tool = holder();
    try {
      String line = firstLine(tool);
      assertThat(line)
          .as(
              "child output; its stderr: %s",
              Files.readString(Path.of(System.getProperty("java.io.tmpdir"), "server-holder.err")))
          .startsWith("PID ");
      long pid = Long.parseLong(line.split(" ")[1]);
      Path work = Path.of(line.split(" DIR ")[1]);
      assertThat(alive(pid)).isTrue();
      tool.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      assertThat(waitUntilDead(pid, Duration.ofSeconds(15)))
          .as("server pid %d still alive", pid)
          .isTrue();
      Thread.sleep(2000);
      assertThat(Files.exists(work)).as("work dir %s removed", work).isFalse();
    } finally {
      tool.destroyForcibly();
    }
  }

  @Test
  void aServerIsStoppedByTheShutdownHookOnANormalExit() throws Exception {
    Process tool = holder();
    try {
      String line = firstLine(tool);
      long pid = Long.parseLong(line.split(" ")[1]);
      tool.destroy(); // SIGTERM: the JVM runs its shutdown hooks
      assertThat(tool.waitFor(40, TimeUnit.SECONDS)).isTrue();
      assertThat(waitUntilDead(pid, Duration.ofSeconds(5))).isTrue();
    } finally {
      tool.destroyForcibly();
    }
  }

  private static Process holder() throws Exception {
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder pb =
        new ProcessBuilder(
            java,
            "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
            "-cp",
            System.getProperty("java.class.path"),
            ServerHolder.class.getName());
    pb.redirectError(Path.of(System.getProperty("java.io.tmpdir"), "server-holder.err").toFile());
    return pb.start();
  }

  /** Surefire and Failsafe run tests from a manifest-only jar; they keep the real path here. */
  private static String classpath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null ? cp : System.getProperty("java.class.path");
  }

  private static String firstLine(Process p) throws Exception {
    BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    for (String line; (line = r.readLine()) != null; ) {
      if (line.startsWith("PID ")) {
        return line;
      }
    }
    return "";
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private static boolean waitUntilDead(long pid, Duration timeout) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      if (!alive(pid)) {
        return true;
      }
      Thread.sleep(200);
    }
    return !alive(pid);
  }
}
