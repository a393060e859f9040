package io.querytester.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ./querytester launcher's and ./mvnw's JDK search, run as a user would. */
class LauncherTest {

  private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

  private static String[] run(Path emptyJvmDir, String javaHome, String path) throws Exception {
    return run(emptyJvmDir, javaHome, path, "bash", "./querytester", "--version");
  }

  private static String[] run(Path jvmDir, String javaHome, String path, String... command)
      throws Exception {
    return run(Map.of(), jvmDir, javaHome, path, command);
  }

  private static String[] run(
      Map<String, String> env, Path jvmDir, String javaHome, String path, String... command)
      throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("QUERYTESTER_JVM_DIR", jvmDir.toString());
    pb.environment().put("PATH", path);
    // Maven's own settings from the build that runs this test must not leak into the one tested,
    // nor the developer's options for the JVM the launcher starts.
    pb.environment().remove("MAVEN_OPTS");
    pb.environment().remove("QUERYTESTER_JAVA_OPTS");
    pb.environment().putAll(env);
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

  /**
   * The first run after a build writes the subcommand's class archive (AppCDS); the next run uses
   * it as it is (not written again), says the same and warns about nothing; no temporary file
   * stays.
   */
  @Test
  void theFirstRunWritesAClassArchiveThatTheNextRunUses(@TempDir Path empty) throws Exception {
    String current = System.getProperty("java.home");
    String path = Path.of(current, "bin") + ":/usr/bin:/bin";
    Path target = Path.of("target");
    Path archive = target.resolve("querytester-jdk" + Runtime.version().feature() + "-other.jsa");
    // On a clean clone the jar is not built yet: the launcher builds it first, and says so.
    assertThat(run(empty, current, path)[0]).isEqualTo("0");
    Files.deleteIfExists(archive);
    String[] first = run(empty, current, path);
    assertThat(first[0]).as(first[1]).isEqualTo("0");
    assertThat(archive).isNotEmptyFile();
    FileTime written = Files.getLastModifiedTime(archive);
    String[] second = run(empty, current, path);
    assertThat(second[0]).isEqualTo("0");
    assertThat(second[1]).isEqualTo(first[1]);
    assertThat(Files.getLastModifiedTime(archive)).isEqualTo(written);
    try (Stream<Path> files = Files.list(target)) {
      assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  /**
   * A subcommand's help loads a sliver of what the subcommand needs: an archive made from it would
   * leave every later real run loading its classes from the jar. The first real run makes it.
   */
  @Test
  void aSubcommandsHelpMakesNoArchiveAndItsFirstRealRunDoes(@TempDir Path empty) throws Exception {
    String current = System.getProperty("java.home");
    String path = Path.of(current, "bin") + ":/usr/bin:/bin";
    Path archive =
        Path.of("target", "querytester-jdk" + Runtime.version().feature() + "-workload.jsa");
    assertThat(run(empty, current, path)[0]).isEqualTo("0"); // builds the jar when needed
    Files.deleteIfExists(archive);
    String[] help = run(empty, current, path, "bash", "./querytester", "workload", "--help");
    assertThat(help[0]).as(help[1]).isEqualTo("0");
    assertThat(archive).doesNotExist();
    String[] stats =
        run(
            empty,
            current,
            path,
            "bash",
            "./querytester",
            "workload",
            "stats",
            "samples/workload.jsonl");
    assertThat(stats[0]).as(stats[1]).isEqualTo("0");
    assertThat(archive).isNotEmptyFile();
  }

  /**
   * The commands that replay run without Connector/J's cleanup thread for connections dropped
   * unclosed; capture and drift, which may run for hours, keep it. Seen in what the launcher hands
   * java: a stand-in JDK's java prints its arguments.
   */
  @Test
  void replaysRunWithoutTheDriversCleanupThread(@TempDir Path dir) throws Exception {
    String current = System.getProperty("java.home");
    Path empty = Files.createDirectory(dir.resolve("jvms"));
    assertThat(run(empty, current, Path.of(current, "bin") + ":/usr/bin:/bin")[0])
        .isEqualTo("0"); // builds the jar when needed
    Path jdk = dir.resolve("jdk");
    Files.createDirectories(jdk.resolve("bin"));
    Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\n");
    for (String tool : new String[] {"java", "javac"}) {
      Path script = Files.writeString(jdk.resolve("bin").resolve(tool), "#!/bin/sh\necho \"$@\"\n");
      assertThat(script.toFile().setExecutable(true)).isTrue();
    }
    String flag = "-Dcom.mysql.cj.disableAbandonedConnectionCleanup=true";
    assertThat(argsGiven(empty, jdk, "replay", "--workload", "w.jsonl")).contains(flag);
    assertThat(argsGiven(empty, jdk, "demo")).contains(flag);
    assertThat(argsGiven(empty, jdk, "capture", "--slow-log", "s.log")).doesNotContain(flag);
    assertThat(argsGiven(empty, jdk, "drift", "--source", "jdbc:mysql://h/")).doesNotContain(flag);
  }

  /** What the launcher hands the stand-in JDK's java, without a class archive. */
  private static String argsGiven(Path jvms, Path jdk, String... args) throws Exception {
    String[] command = new String[args.length + 2];
    command[0] = "bash";
    command[1] = "./querytester";
    System.arraycopy(args, 0, command, 2, args.length);
    String[] r =
        run(Map.of("QUERYTESTER_CDS", "off"), jvms, jdk.toString(), "/usr/bin:/bin", command);
    assertThat(r[0]).as(r[1]).isEqualTo("0");
    assertThat(r[1]).as("the stand-in java ran").contains("-jar");
    return r[1];
  }

  /**
   * The README's {@code ./mvnw verify} on a machine whose default java is 17 with a newer JDK
   * installed beside it: the wrapper must hand Maven the newer one.
   */
  @Test
  void theMavenWrapperPicksAJdk21BesideAnOlderDefaultJava(@TempDir Path jvms) throws Exception {
    assumeTrue(Files.isExecutable(JDK17.resolve("bin/javac")), "needs a JDK 17 at " + JDK17);
    Files.createSymbolicLink(jvms.resolve("java-17-openjdk-amd64"), JDK17);
    Files.createSymbolicLink(
        jvms.resolve("temurin-" + Runtime.version().feature() + "-jdk"),
        Path.of(System.getProperty("java.home")));
    String[] r = run(jvms, null, JDK17.resolve("bin") + ":/usr/bin:/bin", "./mvnw", "--version");
    assertThat(r[0]).as(r[1]).isEqualTo("0");
    assertThat(r[1]).contains("Java version: " + Runtime.version().feature() + ".");
  }

  @Test
  void theMavenWrapperKeepsTheDefaultJavaWhenNoJdk21IsThere(@TempDir Path jvms) throws Exception {
    assumeTrue(Files.isExecutable(JDK17.resolve("bin/javac")), "needs a JDK 17 at " + JDK17);
    Files.createSymbolicLink(jvms.resolve("java-17-openjdk-amd64"), JDK17);
    String[] r = run(jvms, null, JDK17.resolve("bin") + ":/usr/bin:/bin", "./mvnw", "--version");
    // Maven itself runs on 17; the enforcer then names the JDK it needs.
    assertThat(r[1]).contains("Java version: 17.");
  }
}
