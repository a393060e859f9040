package io.querytester.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BisectVersionsTest {
  @Test
  void theEmbeddedVersionsFromOldToNewAreTheDefault() {
    assertThat(BisectVersions.between("10.2.11-MariaDB", "11.4.5-MariaDB", false))
        .containsExactly(
            "embedded:mariadb-10.2.11", "embedded:mariadb-10.11.5", "embedded:mariadb-11.4.5");
  }

  @Test
  void dockerAddsTheSeriesInBetweenThatNoEmbeddedServerCovers() {
    assertThat(BisectVersions.between("10.2.11-MariaDB", "11.4.5-MariaDB", true))
        .startsWith(
            "embedded:mariadb-10.2.11", "embedded:mariadb-10.11.5", "embedded:mariadb-11.4.5")
        .contains("docker:mariadb:10.3", "docker:mariadb:10.6", "docker:mariadb:11.3")
        .doesNotContain(
            "docker:mariadb:10.2",
            "docker:mariadb:10.11",
            "docker:mariadb:11.4",
            "docker:mariadb:11.5");
    assertThat(BisectVersions.between("5.7.44", "8.4.3", true)).containsExactly("docker:mysql:8.0");
  }

  @Test
  void nothingInBetweenIsBadInput() {
    assertThatThrownBy(() -> BisectVersions.between("5.7.44", "8.4.3", false))
        .hasMessageContaining("give --versions")
        .hasMessageContaining("--docker");
  }
}
