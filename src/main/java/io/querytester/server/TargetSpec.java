package io.querytester.server;

import io.querytester.BadInputException;
import java.util.Locale;

/**
 * Where a target server comes from, as the user wrote it on the command line. One parser for every
 * command: {@code embedded:mariadb-10.2.11}, {@code docker:mysql:8.0}, {@code
 * jdbc:mysql://host:3306/db}, or a Percona Toolkit DSN {@code h=host,P=3306,u=user,S=socket}.
 */
public sealed interface TargetSpec permits EmbeddedSpec, DockerSpec, JdbcSpec {

  /** The spec as it may be shown to people: passwords masked. */
  String display();

  static TargetSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw new BadInputException("empty target spec; " + SpecSyntax.EXAMPLES);
    }
    String t = text.strip();
    String lower = t.toLowerCase(Locale.ROOT);
    if (lower.startsWith("embedded:")) {
      return EmbeddedSpec.parse(t.substring("embedded:".length()), t);
    }
    if (lower.startsWith("docker:")) {
      return DockerSpec.parse(t.substring("docker:".length()), t);
    }
    if (lower.startsWith("jdbc:mysql:") || lower.startsWith("jdbc:mariadb:")) {
      return JdbcSpec.parse(t);
    }
    if (PerconaDsn.looksLikeOne(t)) {
      return PerconaDsn.parse(t);
    }
    throw new BadInputException(
        "cannot read target spec '" + JdbcUrls.mask(t) + "'; " + SpecSyntax.EXAMPLES);
  }

  /** The shared help text for spec errors. */
  final class SpecSyntax {
    static final String EXAMPLES =
        "a target is embedded:mariadb-<version> (versions: "
            + String.join(", ", MariaDbVersions.AVAILABLE)
            + "), docker:<image>[:<tag>] (e.g. docker:mysql:8.0), jdbc:mysql://<host>:<port>/[db]"
            + " or a DSN h=<host>,P=<port>,u=<user>,S=<socket>,F=<option file>,D=<db>";

    private SpecSyntax() {}
  }
}
