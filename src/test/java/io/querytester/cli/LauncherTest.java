package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ./querytester launcher's JDK search, run by bash as a user would. */
class LauncherTest {

  private static String[] run(Path emptyJvmDir, String javaHome, String path) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("bash", "./querytester", "--version");
    pb.environment().put("QUERYTESTER_JVM_DIR", emptyJvmDir.toString());
    pb.environment().put("PATH", path);
    if (javaHome == null) {
      pb.environment().remove("JAVA_HOME");
    } else {
      pb.environment().put("JAVA_HOME", javaHome);
    }
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(60, TimeUnit.SECONDS);
    return new String[] {Integer.toString(p.exitValue()), out};
  }

  @Test
  void withoutAJdk21TheLauncherSaysWhatToInstallAndExits3(@TempDir Path empty) throws Exception {
    // PATH without any java, no JAVA_HOME, an empty JVM folder.
    String[] r = run(empty, null, "/usr/bin:/bin");
    if (Files.isExecutable(Path.of("/usr/bin/java"))) {
      // The system java may be older than 21 (it is 17 here): it must be refused too.
      assertThat(r[1]).doesNotContain("querytester development build");
    }
    assertThat(r[0]).isEqualTo("3");
    assertThat(r[1]).contains("no JDK 21 or newer found").contains("JAVA_HOME");
  }

  @Test
  void anOldJavaHomeIsSkippedForANewerJdk(@TempDir Path empty) throws Exception {
    String current = System.getProperty("java.home");
    String[] r = run(empty, "/nonexistent-jdk", Path.of(current, "bin") + ":/usr/bin:/bin");
    assertThat(r[0]).as(r[1]).isEqualTo("0");
    assertThat(r[1]).contains("querytester");
  }
}
