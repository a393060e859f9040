package io.querytester.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import org.junit.jupiter.api.Test;

class TargetSpecTest {

  @Test
  void embeddedSpecsNameAVersion() {
    assertThat(TargetSpec.parse("embedded:mariadb-10.2.11")).isEqualTo(new EmbeddedSpec("10.2.11"));
    assertThat(TargetSpec.parse(" EMBEDDED:MariaDB-11.4.5 ")).isEqualTo(new EmbeddedSpec("11.4.5"));
  }

  @Test
  void anUnknownVersionListsTheAvailableOnes() {
    assertThatThrownBy(() -> TargetSpec.parse("embedded:mariadb-10.6.1"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no embedded MariaDB 10.6.1")
        .hasMessageContaining("embedded:mariadb-10.1.23")
        .hasMessageContaining("embedded:mariadb-11.4.5");
  }

  @Test
  void embeddedMysqlIsExplainedNotGuessed() {
    assertThatThrownBy(() -> TargetSpec.parse("embedded:mysql-8.0.36"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("docker:mysql:8.0");
  }

  @Test
  void dockerSpecsSplitImageAndTag() {
    assertThat(TargetSpec.parse("docker:mysql:8.0")).isEqualTo(new DockerSpec("mysql", "8.0"));
    assertThat(TargetSpec.parse("docker:percona/percona-server:8.0"))
        .isEqualTo(new DockerSpec("percona/percona-server", "8.0"));
    assertThat(TargetSpec.parse("docker:mariadb")).isEqualTo(new DockerSpec("mariadb", "latest"));
    assertThat(TargetSpec.parse("docker:registry.local:5000/mysql"))
        .isEqualTo(new DockerSpec("registry.local:5000/mysql", "latest"));
    assertThatThrownBy(() -> TargetSpec.parse("docker:")).isInstanceOf(BadInputException.class);
  }

  @Test
  void jdbcSpecsKeepTheUrlAndMaskPasswords() {
    JdbcSpec s =
        (JdbcSpec)
            TargetSpec.parse(
                "jdbc:mysql://app:s3cr%t@db1.example.com:3307/shop?password=x&sslMode=REQUIRED");
    assertThat(s.host()).isEqualTo("db1.example.com");
    assertThat(s.port()).isEqualTo(3307);
    assertThat(s.display())
        .doesNotContain("s3cr")
        .doesNotContain("password=x")
        .contains("app:****@");
    assertThat(s.toString()).doesNotContain("s3cr");
    assertThat(((JdbcSpec) TargetSpec.parse("jdbc:mariadb://h/")).url())
        .isEqualTo("jdbc:mysql://h/");
    assertThat(((JdbcSpec) TargetSpec.parse("jdbc:mysql://h")).port()).isEqualTo(3306);
  }

  @Test
  void unparsableSpecsSayWhatASpecLooksLike() {
    assertThatThrownBy(() -> TargetSpec.parse("mysql://host"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("embedded:mariadb-")
        .hasMessageContaining("docker:")
        .hasMessageContaining("jdbc:mysql://");
    assertThatThrownBy(() -> TargetSpec.parse("jdbc:mysql://host:99999/"))
        .hasMessageContaining("port");
    assertThatThrownBy(() -> TargetSpec.parse("")).isInstanceOf(BadInputException.class);
  }

  @Test
  void secretsNeverPrintThemselves() {
    Secret s = Secret.of("hunter2");
    assertThat(s.toString()).doesNotContain("hunter2");
    assertThat(s.reveal()).isEqualTo("hunter2");
    ConnectionSettings c = ConnectionSettings.defaults("app", s);
    assertThat(c.toString()).doesNotContain("hunter2");
    assertThat(c.driverProperties().getProperty("connectionAttributes"))
        .isEqualTo("program_name:querytester");
  }

  @Test
  void masksPasswordsInTextOfAnyShape() {
    assertThat(JdbcUrls.mask("jdbc:mysql://u:p4ss@h/db")).isEqualTo("jdbc:mysql://u:****@h/db");
    assertThat(JdbcUrls.mask("x?user=u&password=p4ss&a=b")).isEqualTo("x?user=u&password=****&a=b");
    assertThat(JdbcUrls.mask("PWD=abc;")).doesNotContain("abc");
  }

  @Test
  void badServerOptionsAreRejectedBeforeAnythingStarts() {
    assertThatThrownBy(
            () ->
                new TargetSettings(
                    "OLD",
                    new EmbeddedSpec("10.2.11"),
                    java.util.List.of("=1"),
                    ConnectionSettings.defaults("root", Secret.NONE)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("name=value");
  }
}
