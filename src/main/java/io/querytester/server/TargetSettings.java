package io.querytester.server;

import java.util.List;

/**
 * Everything needed to open one side, validated before any server is touched.
 *
 * @param label OLD, NEW, SOURCE, REPLICA-1 ...
 * @param spec where the server comes from
 * @param serverOptions extra server options for targets we start (embedded, docker)
 * @param connection account, collation, TLS, timeouts
 */
public record TargetSettings(
    String label, TargetSpec spec, List<String> serverOptions, ConnectionSettings connection) {

  public TargetSettings {
    serverOptions = List.copyOf(serverOptions);
    serverOptions.forEach(EmbeddedServer::checkOption);
  }

  /**
   * {@code text} in lower-case letters, digits, dots and dashes, for a folder's name:
   * mysql_install_db cannot initialise a data dir whose path has a ':', nor Docker bind-mount one.
   */
  public static String slug(String text) {
    return text.replaceAll("[^A-Za-z0-9.-]+", "-").toLowerCase(java.util.Locale.ROOT);
  }

  /** The target as messages name it: its label and its spec, once each ("OLD embedded:..."). */
  public String named() {
    return label.equals(spec.display()) ? label : label + " " + spec.display();
  }
}
