package io.querytester;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Creates the files that hold production data (workload files with their literals, run folders with
 * row samples, plans and error texts, repro bundles, drift reports, the embedded servers' data
 * dirs) readable and writable by their owner alone: folders 0700, files 0600, as the process's
 * umask further restricts them (a stricter umask wins). Without it a run folder was 0755 with 0644
 * files, and any local account read the customers' rows a run sampled. A file or folder that exists
 * already keeps its mode: it is the user's. On a file system without POSIX modes the operations are
 * the plain ones.
 */
public final class OwnerOnly {
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> FOLDER =
      PosixFilePermissions.fromString("rwx------");

  private OwnerOnly() {}

  private static FileAttribute<?>[] file() {
    return POSIX
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
        : new FileAttribute<?>[0];
  }

  /** {@code dir} and the folders above it that do not exist yet, each 0700. */
  public static Path directories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return dir;
    }
    return POSIX
        ? Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(FOLDER))
        : Files.createDirectories(dir);
  }

  /** A channel on {@code file}, created 0600 if it is new. */
  public static FileChannel channel(Path file, OpenOption... options) throws IOException {
    Set<OpenOption> opts = new HashSet<>(Arrays.asList(options));
    if (opts.isEmpty()) {
      opts.addAll(Set.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING));
    }
    opts.add(StandardOpenOption.WRITE);
    return FileChannel.open(file, opts, file());
  }

  /** As {@link Files#newOutputStream}, a new file 0600. */
  public static OutputStream newOutputStream(Path file, OpenOption... options) throws IOException {
    return Channels.newOutputStream(channel(file, options));
  }

  /** As {@link Files#newBufferedWriter}, a new file 0600. */
  public static BufferedWriter newBufferedWriter(Path file, Charset charset, OpenOption... options)
      throws IOException {
    return new BufferedWriter(
        new OutputStreamWriter(newOutputStream(file, options), charset.newEncoder()));
  }

  /** As {@link Files#writeString}, a new file 0600. */
  public static Path writeString(Path file, CharSequence text, Charset charset) throws IOException {
    try (OutputStream out = newOutputStream(file)) {
      out.write(text.toString().getBytes(charset));
    }
    return file;
  }
}
