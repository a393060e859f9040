package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TargetSettingsTest {
  private static TargetSettings of(String label, String spec) {
    return new TargetSettings(
        label, TargetSpec.parse(spec), List.of(), ConnectionSettings.defaults("root", Secret.NONE));
  }

  @Test
  void aTargetIsNamedByItsLabelAndItsSpecOnceEach() {
    assertThat(of("OLD", "embedded:mariadb-10.2.11").named())
        .isEqualTo("OLD embedded:mariadb-10.2.11");
    // bisect labels a server by its spec: said once, not twice
    assertThat(of("embedded:mariadb-10.11.5", "embedded:mariadb-10.11.5").named())
        .isEqualTo("embedded:mariadb-10.11.5");
  }

  @Test
  void aFolderNameKeepsToLettersDigitsDotsAndDashes() {
    assertThat(TargetSettings.slug("embedded:mariadb-10.11.5"))
        .isEqualTo("embedded-mariadb-10.11.5");
    assertThat(TargetSettings.slug("docker:MySQL:8.0")).isEqualTo("docker-mysql-8.0");
  }
}
