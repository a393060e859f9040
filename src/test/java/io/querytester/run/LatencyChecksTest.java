package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyChecksTest {
  @TempDir Path dir;

  private static LatencyCheck check(String id, long old) {
    return new LatencyCheck(
        id,
        List.of(7L, 9L),
        List.of(old, old + 10),
        List.of(2 * old, 2 * old + 10),
        1.25,
        null,
        new MachineLoad(2, 1.25, 0.5, 0, 1.0, 2, 0.1, Map.of("OLD", 0.3, "NEW", 0.4)));
  }

  @Test
  void checksAreReadBackAsWritten() {
    assertThat(LatencyChecks.read(dir)).isEmpty();
    LatencyCheck a = check("A", 1000);
    LatencyCheck b = LatencyCheck.failed("B", List.of(3L), "NEW: timed out after 30 s");
    LatencyChecks.write(dir, List.of(a, b));
    Map<String, LatencyCheck> back = LatencyChecks.read(dir);
    assertThat(back).containsOnlyKeys("A", "B");
    assertThat(back.get("A")).isEqualTo(a);
    assertThat(back.get("B")).isEqualTo(b);
  }

  @Test
  void shardsKeepTheirChecksAndTheLowestShardWins() throws Exception {
    Path one = Files.createDirectories(dir.resolve("1"));
    Path two = Files.createDirectories(dir.resolve("2"));
    Path three = Files.createDirectories(dir.resolve("3"));
    Path out = Files.createDirectories(dir.resolve("merged"));
    LatencyChecks.write(one, List.of(check("A", 1000)));
    LatencyChecks.write(two, List.of(check("A", 2000), check("B", 3000)));
    LatencyChecks.merge(List.of(one, two, three), out);
    Map<String, LatencyCheck> merged = LatencyChecks.read(out);
    assertThat(merged).containsOnlyKeys("A", "B");
    assertThat(merged.get("A").oldMicros().getFirst()).isEqualTo(1000);

    Path none = Files.createDirectories(dir.resolve("none"));
    LatencyChecks.merge(List.of(three), none);
    assertThat(none.resolve(LatencyChecks.FILE)).doesNotExist();
  }

  @Test
  void aFileOfAnotherKindIsRefusedNamingIt() throws Exception {
    Files.writeString(dir.resolve(LatencyChecks.FILE), "{\"format\":\"something\",\"version\":1}");
    assertThatThrownBy(() -> LatencyChecks.read(dir))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(LatencyChecks.FILE);
  }
}
