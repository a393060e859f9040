package io.querytester.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks that what the tool wrote is its owner's alone: folders 0700, files 0600 (scripts 0700).
 */
public final class FileModes {
  private FileModes() {}

  /** Every folder and file under {@code root}, {@code root} itself included. */
  public static void assertOwnerOnly(Path root) throws IOException {
    List<Path> all;
    try (Stream<Path> s = Files.walk(root)) {
      all = s.toList();
    }
    for (Path p : all) {
      String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
      if (Files.isDirectory(p) || p.toString().endsWith(".sh")) {
        assertThat(mode).as(p.toString()).isEqualTo("rwx------");
      } else {
        assertThat(mode).as(p.toString()).isEqualTo("rw-------");
      }
    }
  }
}
