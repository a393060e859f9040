package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Docker Compose files under compose/ are valid YAML with the services, images, ports and
 * server options that the README's jdbc: examples rely on. Docker is not needed (nor present here).
 */
class ComposeFilesTest {
  static final Path COMPOSE = Path.of("compose");
  static final YAMLMapper YAML = new YAMLMapper();

  static JsonNode read(String file) throws IOException {
    JsonNode root = YAML.readTree(COMPOSE.resolve(file).toFile());
    assertThat(root).as(file).isNotNull();
    assertThat(root.path("name").asText()).as(file + " project name").startsWith("querytester-");
    return root;
  }

  /** mysqld flags as name -> value, names with '_' for '-' ("--log-bin=x" is log_bin -> x). */
  static Map<String, String> flags(JsonNode service) {
    Map<String, String> flags = new LinkedHashMap<>();
    for (JsonNode n : service.path("command")) {
      String f = n.asText();
      assertThat(f).startsWith("--");
      String[] kv = f.substring(2).split("=", 2);
      flags.put(kv[0].replace('-', '_').toLowerCase(Locale.ROOT), kv.length > 1 ? kv[1] : "");
    }
    return flags;
  }

  static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  static String port(JsonNode service) {
    JsonNode ports = service.path("ports");
    assertThat(ports.size()).isEqualTo(1);
    // Loopback only: a test server with a shared password must not face the network.
    String p = ports.get(0).asText();
    assertThat(p).matches("127\\.0\\.0\\.1:\\d+:3306");
    return p.split(":")[1];
  }

  static void assertRootPasswordFromEnvironment(JsonNode service) {
    String pw = service.path("environment").path("MYSQL_ROOT_PASSWORD").asText();
    assertThat(pw).startsWith("${QT_PASSWORD:?");
    assertThat(service.path("healthcheck").path("test").toString()).contains("mysqladmin ping");
  }

  @ParameterizedTest
  @CsvSource({
    "mysql-5.7-to-8.0.yml, mysql:5.7, 3357, mysql:8.0, 3380",
    "mysql-8.0-to-8.4.yml, mysql:8.0, 3480, mysql:8.4, 3484"
  })
  void oldNewPairsDifferByVersionOnly(
      String file, String oldImage, String oldPort, String newImage, String newPort)
      throws IOException {
    JsonNode services = read(file).path("services");
    assertThat(names(services)).containsExactly("old", "new");
    JsonNode old = services.path("old");
    JsonNode neu = services.path("new");
    assertThat(old.path("image").asText()).isEqualTo(oldImage);
    assertThat(neu.path("image").asText()).isEqualTo(newImage);
    assertThat(port(old)).isEqualTo(oldPort);
    assertThat(port(neu)).isEqualTo(newPort);
    for (JsonNode side : List.of(old, neu)) {
      assertRootPasswordFromEnvironment(side);
      assertThat(flags(side))
          .containsEntry("character_set_server", "utf8mb4")
          .containsEntry("collation_server", ConnectionSettings.DEFAULT_COLLATION)
          .containsEntry("slow_query_log", "ON")
          .containsEntry("long_query_time", "0")
          .containsEntry("log_bin", "mysql-bin")
          .containsEntry("binlog_rows_query_log_events", "ON")
          .containsEntry("performance_schema", "ON")
          .containsEntry("performance_schema_consumer_events_statements_history_long", "ON")
          .containsKey("server_id"); // 5.7 refuses log_bin without it
    }
    assertThat(flags(neu)).isEqualTo(flags(old));
  }

  @Test
  void theReplicationPairUsesGtidsAndASetupScript() throws IOException {
    JsonNode services = read("mysql-8.0-replication.yml").path("services");
    assertThat(names(services)).containsExactly("source", "replica", "setup");
    JsonNode source = services.path("source");
    JsonNode replica = services.path("replica");
    assertThat(port(source)).isEqualTo("3501");
    assertThat(port(replica)).isEqualTo("3502");
    for (JsonNode side : List.of(source, replica)) {
      assertThat(side.path("image").asText()).isEqualTo("mysql:8.0");
      assertRootPasswordFromEnvironment(side);
      assertThat(flags(side))
          .containsEntry("gtid_mode", "ON")
          .containsEntry("enforce_gtid_consistency", "ON")
          .containsEntry("log_bin", "mysql-bin")
          .containsEntry("character_set_server", "utf8mb4")
          .containsEntry("collation_server", ConnectionSettings.DEFAULT_COLLATION)
          .containsKey("server_id");
    }
    assertThat(flags(source).get("server_id")).isNotEqualTo(flags(replica).get("server_id"));
    assertThat(flags(source)).containsEntry("slow_query_log", "ON");
    assertThat(flags(replica)).containsEntry("read_only", "ON");

    JsonNode setup = services.path("setup");
    assertThat(setup.path("depends_on").path("source").path("condition").asText())
        .isEqualTo("service_healthy");
    assertThat(setup.path("depends_on").path("replica").path("condition").asText())
        .isEqualTo("service_healthy");
    assertThat(setup.path("environment").path("MYSQL_PWD").asText()).startsWith("${QT_PASSWORD");
    List<String> mounted = new ArrayList<>();
    for (JsonNode v : setup.path("volumes")) {
      String host = v.asText().split(":")[0];
      mounted.add(host);
      assertThat(COMPOSE.resolve(host)).as(v.asText()).isRegularFile();
    }
    assertThat(mounted).contains("./replication/setup.sh", "../samples/schema.sql");

    Path script = COMPOSE.resolve("replication/setup.sh");
    assertThat(Files.readString(script, StandardCharsets.UTF_8))
        .startsWith("#!/bin/bash")
        .contains(
            "RESET MASTER",
            "GRANT REPLICATION SLAVE",
            "CHANGE REPLICATION SOURCE TO",
            "SOURCE_HOST = 'source'",
            "SOURCE_AUTO_POSITION = 1",
            "START REPLICA",
            "WAIT_FOR_EXECUTED_GTID_SET")
        .doesNotContain("IDENTIFIED BY '"); // the password comes from the environment
  }

  @Test
  void noTwoFilesShareAHostPortAndNoneHoldsAPassword() throws IOException {
    List<String> ports = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(COMPOSE)) {
      files = s.filter(p -> p.toString().endsWith(".yml")).sorted().toList();
    }
    assertThat(files).hasSize(3);
    for (Path f : files) {
      JsonNode services = read(f.getFileName().toString()).path("services");
      for (Map.Entry<String, JsonNode> e : services.properties()) {
        if (e.getValue().has("ports")) {
          ports.add(port(e.getValue()));
        }
        e.getValue()
            .path("environment")
            .properties()
            .forEach(v -> assertThat(v.getValue().asText()).as(f + " " + v).startsWith("${"));
      }
    }
    assertThat(ports).doesNotHaveDuplicates().hasSize(6);
  }

  @Test
  void theReadmeUsesTheComposePortsWithJdbcSpecs() throws IOException {
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    assertThat(readme)
        .contains(
            "compose/mysql-5.7-to-8.0.yml",
            "compose/mysql-8.0-replication.yml",
            "jdbc:mysql://127.0.0.1:3357/",
            "jdbc:mysql://127.0.0.1:3380/",
            "jdbc:mysql://127.0.0.1:3501/",
            "jdbc:mysql://127.0.0.1:3502/",
            "--old-password-env QT_PASSWORD");
  }
}
