package io.querytester.server;

import java.nio.file.Path;

/**
 * The per-user cache where server binaries are unpacked once: {@code $QUERYTESTER_CACHE}, else
 * {@code $XDG_CACHE_HOME/querytester}, else {@code ~/.cache/querytester}.
 */
public final class CacheDir {
  private CacheDir() {}

  public static Path resolve() {
    String explicit = System.getenv("QUERYTESTER_CACHE");
    if (explicit == null) {
      explicit = System.getProperty("querytester.cache");
    }
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "querytester");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "querytester");
  }
}
