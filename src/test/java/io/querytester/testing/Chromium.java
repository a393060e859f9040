package io.querytester.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, for tests that open report.html as a person would. A test that needs
 * it is skipped (and reported as skipped) when it is not installed: apt-get install chromium.
 */
public final class Chromium {
  private Chromium() {}

  /**
   * What the browser printed: the DOM or nothing on stdout, its log (with console messages, as
   * "INFO:CONSOLE" lines) on stderr.
   */
  public record Result(int code, String stdout, String stderr) {
    /** The page's console messages and uncaught errors. */
    public List<String> console() {
      return stderr.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList();
    }

    /** The opening tag of the dumped DOM's body. */
    public String bodyTag() {
      int start = stdout.indexOf("<body");
      return start < 0 ? "" : stdout.substring(start, stdout.indexOf('>', start) + 1);
    }
  }

  public static Path find() {
    for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/bin").split(":")) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  /** Opens a file with the given extra flags (--dump-dom, --screenshot=...); skips without it. */
  public static Result open(Path file, Path workDir, String... extra)
      throws IOException, InterruptedException {
    Path chromium = find();
    assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium)");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + Files.createTempDirectory(workDir, "chromium-profile"),
                "--enable-logging=stderr",
                "--v=0"));
    cmd.addAll(List.of(extra));
    cmd.add(file.toUri().toString());
    Path out = Files.createTempFile(workDir, "chromium", ".out");
    Path err = Files.createTempFile(workDir, "chromium", ".err");
    Process p =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new IllegalStateException("chromium did not finish in 2 minutes");
    }
    return new Result(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
