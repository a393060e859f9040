package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.querytester.BadInputException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PerconaDsnTest {

  @Test
  void aDsnBecomesAJdbcSpec() {
    JdbcSpec s = (JdbcSpec) TargetSpec.parse("h=db1,P=3307,u=qt,D=shop,F=/etc/qt.cnf");
    assertThat(s.host()).isEqualTo("db1");
    assertThat(s.port()).isEqualTo(3307);
    assertThat(s.user()).isEqualTo("qt");
    assertThat(s.database()).isEqualTo("shop");
    assertThat(s.defaultsFile()).isEqualTo(Path.of("/etc/qt.cnf"));
    assertThat(s.socket()).isNull();
    assertThat(s.url()).isEqualTo("jdbc:mysql://db1:3307/shop");
    assertThat(s.display()).isEqualTo("h=db1,P=3307,u=qt,D=shop,F=/etc/qt.cnf");
  }

  @Test
  void aSocketGoesThroughOurSocketFactory() {
    JdbcSpec s = (JdbcSpec) TargetSpec.parse("S=/run/mysqld/mysqld.sock,u=qt");
    assertThat(s.socket()).isEqualTo(Path.of("/run/mysqld/mysqld.sock"));
    assertThat(s.host()).isEqualTo("localhost");
    assertThat(s.url())
        .contains("socketFactory=" + UnixSocketFactory.class.getName())
        .contains("namedPipePath=%2Frun%2Fmysqld%2Fmysqld.sock");
  }

  @Test
  void aPasswordInADsnIsRefusedAndNotEchoed() {
    assertThatThrownBy(() -> TargetSpec.parse("h=db1,u=qt,p=hunter2"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("process list")
        .hasMessageContaining("password-env")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void unknownKeysAndBadPortsAreNamed() {
    assertThatThrownBy(() -> TargetSpec.parse("h=db1,X=1"))
        .hasMessageContaining("unknown key 'X'")
        .hasMessageContaining("h=host");
    assertThatThrownBy(() -> TargetSpec.parse("h=db1,P=99999")).hasMessageContaining("port");
  }

  @Test
  void optionFilesFillWhatTheDsnLeavesOpen() {
    OptionValues file =
        new OptionValues(
            List.of(
                entry("host", "localhost"),
                entry("port", "3310"),
                entry("socket", "/tmp/my.sock")));
    JdbcSpec local = ((JdbcSpec) TargetSpec.parse("u=qt")).withDefaults(file);
    assertThat(local.socket()).isEqualTo(Path.of("/tmp/my.sock"));
    assertThat(local.port()).isEqualTo(3310);
    // A named host other than localhost means TCP: the socket does not apply.
    JdbcSpec remote = ((JdbcSpec) TargetSpec.parse("h=db2")).withDefaults(file);
    assertThat(remote.socket()).isNull();
    assertThat(remote.url()).isEqualTo("jdbc:mysql://db2:3310/");
    // What the spec says wins.
    JdbcSpec given = ((JdbcSpec) TargetSpec.parse("h=db2,P=3399")).withDefaults(file);
    assertThat(given.port()).isEqualTo(3399);
    // A JDBC URL keeps its host and TCP; only a missing port is filled in.
    JdbcSpec url =
        ((JdbcSpec) TargetSpec.parse("jdbc:mysql://localhost/shop?x=1")).withDefaults(file);
    assertThat(url.url()).isEqualTo("jdbc:mysql://localhost:3310/shop?x=1");
    assertThat(url.socket()).isNull();
    JdbcSpec urlWithPort = ((JdbcSpec) TargetSpec.parse("jdbc:mysql://h:3301/")).withDefaults(file);
    assertThat(urlWithPort.url()).isEqualTo("jdbc:mysql://h:3301/");
  }

  @Test
  void aJdbcUrlKeepsItsAccount() {
    JdbcSpec s =
        (JdbcSpec) TargetSpec.parse("jdbc:mysql://h/db?user=qt&password=p%40ss&sslMode=REQUIRED");
    assertThat(s.user()).isEqualTo("qt");
    assertThat(s.password().reveal()).isEqualTo("p@ss");
    assertThat(s.display()).doesNotContain("p%40ss");
    JdbcSpec info = (JdbcSpec) TargetSpec.parse("jdbc:mysql://app:s3cr@db1:3307/");
    assertThat(info.user()).isEqualTo("app");
    assertThat(info.password().reveal()).isEqualTo("s3cr");
  }

  private static OptionFileParser.Entry entry(String name, String value) {
    return new OptionFileParser.Entry("client", name, value, Path.of("/etc/my.cnf"), 1);
  }
}
