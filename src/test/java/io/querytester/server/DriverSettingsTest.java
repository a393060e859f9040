package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DriverSettingsTest {
  @Test
  void everySettingHasAReasonAndReachesTheConnectionProperties() {
    Properties p = ConnectionSettings.defaults("app", Secret.NONE).driverProperties();
    Set<String> names = new HashSet<>();
    for (DriverSettings.Setting s : DriverSettings.ALL) {
      assertThat(names.add(s.name())).as("listed once: " + s.name()).isTrue();
      assertThat(s.why()).as(s.name()).isNotBlank();
      assertThat(p.getProperty(s.name())).as(s.name()).isEqualTo(s.value());
    }
  }

  @Test
  void theFaithfulValues() {
    Properties p = new Properties();
    DriverSettings.applyTo(p);
    assertThat(p)
        .containsEntry("jdbcCompliantTruncation", "false")
        .containsEntry("useServerPrepStmts", "false")
        .containsEntry("tinyInt1isBit", "false")
        .containsEntry("yearIsDateType", "false")
        .containsEntry("useAffectedRows", "true")
        .containsEntry("forceConnectionTimeZoneToSession", "false");
  }

  @Test
  void docsReplayListsEverySetting() throws Exception {
    String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs/replay.md"));
    for (DriverSettings.Setting s : DriverSettings.ALL) {
      assertThat(doc).as(s.name()).contains("| `" + s.name() + "` | `" + s.value() + "` |");
    }
  }
}
