package io.querytester.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the packaged application (target/querytester.jar) in its own JVM, as a user would. */
public final class Tool {
  private Tool() {}

  public record Result(int code, String out, String err) {}

  public static Process start(Path log, List<String> jvmArgs, String... args) throws IOException {
    return start(log, jvmArgs, Map.of(), args);
  }

  /** Starts the tool with extra environment variables (e.g. a password for --old-password-env). */
  public static Process start(
      Path log, List<String> jvmArgs, Map<String, String> env, String... args) throws IOException {
    Path jar = Path.of("target", "querytester.jar");
    if (!Files.exists(jar)) {
      throw new IllegalStateException(
          "target/querytester.jar is missing: run the ITs with ./mvnw verify");
    }
    // The tool's servers put their work dirs there (embedded targets).
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(jvmArgs);
    cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
    cmd.add("-jar");
    cmd.add(jar.toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    pb.redirectErrorStream(false);
    pb.redirectOutput(log.resolveSibling(log.getFileName() + ".out").toFile());
    pb.redirectError(log.resolveSibling(log.getFileName() + ".err").toFile());
    return pb.start();
  }

  /**
   * Runs {@code demo} into {@code dir/demo} without the demo's baseline, so that its regressions
   * fail it (exit 1, checked), with {@code extra} options; the run folder.
   */
  public static Path demo(Path dir, String... extra) throws Exception {
    Path run = dir.resolve("demo");
    List<String> args = new ArrayList<>(List.of("demo", "--out", run.toString(), "--no-baseline"));
    args.addAll(List.of(extra));
    Result demo = run(dir.resolve("demo.log"), List.of(), args.toArray(String[]::new));
    assertThat(demo.code()).as(demo.err()).isEqualTo(1);
    return run;
  }

  public static Result run(Path log, List<String> jvmArgs, String... args) throws Exception {
    return run(log, jvmArgs, Map.of(), args);
  }

  public static Result run(Path log, List<String> jvmArgs, Map<String, String> env, String... args)
      throws Exception {
    Process p = start(log, jvmArgs, env, args);
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException("querytester did not finish in 10 minutes");
    }
    return new Result(
        p.exitValue(),
        Files.readString(log.resolveSibling(log.getFileName() + ".out"), StandardCharsets.UTF_8),
        Files.readString(log.resolveSibling(log.getFileName() + ".err"), StandardCharsets.UTF_8));
  }
}
