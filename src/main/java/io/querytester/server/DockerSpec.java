package io.querytester.server;

import io.querytester.BadInputException;

/**
 * A server in a Docker container started through Testcontainers.
 *
 * @param image the image name, e.g. {@code mysql} or {@code percona/percona-server}
 * @param tag the tag, {@code latest} when none was given
 */
public record DockerSpec(String image, String tag) implements TargetSpec {

  static DockerSpec parse(String rest, String whole) {
    String r = rest.strip();
    if (r.isEmpty() || r.startsWith(":") || r.endsWith(":") || r.contains(" ")) {
      throw new BadInputException(
          "'"
              + whole
              + "' is not a docker target; write docker:<image>[:<tag>], e.g. docker:mysql:8.0");
    }
    int colon = r.lastIndexOf(':');
    // A colon before a slash belongs to a registry host:port, not to a tag.
    if (colon < 0 || r.indexOf('/', colon) >= 0) {
      return new DockerSpec(r, "latest");
    }
    return new DockerSpec(r.substring(0, colon), r.substring(colon + 1));
  }

  public String imageName() {
    return image + ":" + tag;
  }

  @Override
  public String display() {
    return "docker:" + imageName();
  }
}
