package io.querytester;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A folder under the system's temporary folder for a command's own intermediate files. */
public final class ScratchDir {
  private ScratchDir() {}

  /** Deletes {@code dir} and all it holds; what cannot be deleted stays for the system to clear. */
  public static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // in the temporary folder: the system clears it
    }
  }
}
