package io.querytester.server;

import io.querytester.CannotRunException;
import org.testcontainers.DockerClientFactory;

/**
 * Whether a Docker engine can be reached. Asked before any server is started, so that a pair with a
 * docker target fails at once, in one line, rather than after the other side has started.
 * Testcontainers' own account of the failure is kept off the console (see simplelogger.properties).
 */
final class DockerEngine {
  private DockerEngine() {}

  static void require(TargetSettings settings) {
    if (!(settings.spec() instanceof DockerSpec d)) {
      return;
    }
    boolean available;
    try {
      available = DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      available = false;
    }
    if (!available) {
      throw new CannotRunException(
          settings.label()
              + " "
              + d.display()
              + ": no Docker engine found (none at DOCKER_HOST or /var/run/docker.sock); start"
              + " Docker, or use embedded:mariadb-<version> or jdbc:mysql://host:port/ instead");
    }
  }
}
