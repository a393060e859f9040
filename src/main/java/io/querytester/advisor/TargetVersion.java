package io.querytester.advisor;

import io.querytester.BadInputException;
import io.querytester.server.Flavour;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version to upgrade to, as {@code precheck --target} takes it: {@code 11.4}, {@code 11.4.5},
 * {@code mariadb-11.4}, {@code mysql-8.0}, or a spec such as {@code embedded:mariadb-11.4.5} or
 * {@code docker:mysql:8.4}. Without a patch number every release of the series counts ({@code 11.4}
 * reaches rules of 11.4.7). Without a family, OLD's family is meant.
 *
 * @param text as the user wrote it
 * @param flavour the family, null when not said
 * @param version the version, the last patch of the series when none was given
 */
record TargetVersion(String text, Flavour flavour, Version version) {
  private static final Pattern SHAPE =
      Pattern.compile("(?:(?:embedded|docker):)?(?:(mariadb|mysql)[-:])?(\\d+\\.\\d+(?:\\.\\d+)?)");
  private static final int LAST_PATCH = 999;

  static TargetVersion parse(String text) {
    Matcher m = SHAPE.matcher(text == null ? "" : text.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new BadInputException(
          "--target '"
              + text
              + "' is not a version: write 11.4, mariadb-11.4.5 or mysql-8.0 (or a spec such as"
              + " embedded:mariadb-11.4.5)");
    }
    Flavour f =
        m.group(1) == null ? null : m.group(1).equals("mysql") ? Flavour.MYSQL : Flavour.MARIADB;
    Version v = Version.parse(m.group(2));
    if (m.group(2).chars().filter(c -> c == '.').count() == 1) {
      v = new Version(v.major(), v.minor(), LAST_PATCH);
    }
    return new TargetVersion(text, f, v);
  }

  /** The version as people write it: {@code 11.4} for a whole series. */
  String display() {
    return version.patch() == LAST_PATCH
        ? version.major() + "." + version.minor()
        : version.toString();
  }
}
