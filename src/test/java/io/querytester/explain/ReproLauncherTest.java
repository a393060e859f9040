package io.querytester.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which querytester a repro bundle's run.sh runs. */
class ReproLauncherTest {
  @TempDir Path dir;

  /** The QUERYTESTER that the script's launcher lines choose, run by sh. */
  private String chosen(Path launcher, Map<String, String> env) throws Exception {
    Path script = dir.resolve("choose.sh");
    Files.writeString(
        script,
        ReproText.launcherLines(launcher) + "echo \"$QUERYTESTER\"\n",
        StandardCharsets.UTF_8);
    ProcessBuilder pb = new ProcessBuilder("sh", script.toString());
    pb.environment().remove("QUERYTESTER");
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor()).isZero();
    return out;
  }

  @Test
  void runsTheLauncherThatWroteIt() throws Exception {
    Path launcher = Files.createFile(dir.resolve("it's querytester"));
    launcher.toFile().setExecutable(true);
    assertThat(chosen(launcher, Map.of())).isEqualTo(launcher.toString());
  }

  @Test
  void theEnvironmentChoosesAnother() throws Exception {
    Path launcher = Files.createFile(dir.resolve("querytester"));
    launcher.toFile().setExecutable(true);
    assertThat(chosen(launcher, Map.of("QUERYTESTER", "/opt/qt/querytester")))
        .isEqualTo("/opt/qt/querytester");
  }

  @Test
  void aLauncherThatIsGoneOrUnknownLeavesTheOneOnPath() throws Exception {
    assertThat(chosen(dir.resolve("moved-away"), Map.of())).isEqualTo("querytester");
    assertThat(chosen(null, Map.of())).isEqualTo("querytester");
  }
}
