package io.querytester.server;

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

  @Test
  void theDockerImagesWeDocumentParse() {
    assertThat(TargetSpec.parse("docker:mysql:5.7")).isEqualTo(new DockerSpec("mysql", "5.7"));
    assertThat(TargetSpec.parse("docker:mysql:8.4")).isEqualTo(new DockerSpec("mysql", "8.4"));
    assertThat(TargetSpec.parse("docker:mariadb:10.6"))
        .isEqualTo(new DockerSpec("mariadb", "10.6"));
    assertThat(TargetSpec.parse("DOCKER:percona/percona-server:8.0").display())
        .isEqualTo("docker:percona/percona-server:8.0");
    assertThat(((DockerSpec) TargetSpec.parse("docker:registry.local:5000/mysql:8.0")).imageName())
        .isEqualTo("registry.local:5000/mysql:8.0");
    assertThatThrownBy(() -> TargetSpec.parse("docker:mysql:"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("docker:<image>[:<tag>]");
    assertThatThrownBy(() -> TargetSpec.parse("docker:my sql"))
        .isInstanceOf(BadInputException.class);
  }

  @Test
  void dockerServersGetTheSharedCharsetAndTheUsersOptionsAsFlags() {
    assertThat(
            DockerTarget.command(
                "utf8mb4_bin",
                java.util.List.of("slow_query_log=1", "--long_query_time=0", "performance_schema")))
        .containsExactly(
            "--character-set-server=utf8mb4",
            "--collation-server=utf8mb4_bin",
            "--slow_query_log=1",
            "--long_query_time=0",
            "--performance_schema");
    // MySQL 5.7 will not start with a binlog but no server id.
    assertThat(DockerTarget.command("utf8mb4_general_ci", java.util.List.of("log-bin=mysql-bin")))
        .endsWith("--log-bin=mysql-bin", "--server-id=1");
    assertThat(
            DockerTarget.command(
                "utf8mb4_general_ci", java.util.List.of("log_bin=mysql-bin", "server_id=7")))
        .doesNotContain("--server-id=1");
  }

  @Test
  void tlsModesReadAsTheMysqlClientWritesThem() {
    assertThat(SslMode.parse("verify-ca", "--old-ssl-mode")).isEqualTo(SslMode.VERIFY_CA);
    assertThat(SslMode.parse(" Verify_Identity ", "x")).isEqualTo(SslMode.VERIFY_IDENTITY);
    assertThat(SslMode.parse("disabled", "x").verifies()).isFalse();
    assertThatThrownBy(() -> SslMode.parse("on", "--new-ssl-mode"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--new-ssl-mode 'on'")
        .hasMessageContaining("PREFERRED");
  }

  @Test
  void aCaFileBecomesAPrivateTrustStoreForConnectorJ() throws Exception {
    CaFile ca =
        CaFile.load(java.nio.file.Path.of("src/test/resources/tls/test-ca.pem"), "--ssl-ca");
    ConnectionSettings c =
        ConnectionSettings.defaults("app", Secret.of("pw")).withTls(SslMode.VERIFY_CA, ca);
    java.util.Properties p = c.driverProperties();
    assertThat(p.getProperty("sslMode")).isEqualTo("VERIFY_CA");
    assertThat(p.getProperty("trustCertificateKeyStoreType")).isEqualTo("PKCS12");
    assertThat(p.getProperty("fallbackToSystemTrustStore")).isEqualTo("false");
    java.nio.file.Path store =
        java.nio.file.Path.of(java.net.URI.create(p.getProperty("trustCertificateKeyStoreUrl")));
    assertThat(java.nio.file.Files.getPosixFilePermissions(store))
        .containsExactlyInAnyOrder(
            java.nio.file.attribute.PosixFilePermission.OWNER_READ,
            java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    java.security.KeyStore ks = java.security.KeyStore.getInstance("PKCS12");
    try (var in = java.nio.file.Files.newInputStream(store)) {
      ks.load(in, p.getProperty("trustCertificateKeyStorePassword").toCharArray());
    }
    assertThat(ks.getCertificate("ca-0")).isEqualTo(ca.certificates().getFirst());
    // Written once, reused by every connection.
    assertThat(c.driverProperties().getProperty("trustCertificateKeyStoreUrl"))
        .isEqualTo(p.getProperty("trustCertificateKeyStoreUrl"));
    // A mode that does not verify leaves the trust store out.
    assertThat(c.withSslMode("REQUIRED").driverProperties())
        .doesNotContainKey("trustCertificateKeyStoreUrl");
    assertThat(c.toString()).contains("test-ca.pem").doesNotContain("pw,");
  }

  @Test
  void timeoutsReachTheDriver() {
    java.util.Properties p =
        ConnectionSettings.defaults("app", Secret.NONE)
            .withTimeouts(java.time.Duration.ofSeconds(3), java.time.Duration.ofMinutes(2))
            .driverProperties();
    assertThat(p.getProperty("connectTimeout")).isEqualTo("3000");
    assertThat(p.getProperty("socketTimeout")).isEqualTo("120000");
  }
}
