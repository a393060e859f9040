package io.querytester.health;

/**
 * Whether the JVM is shutting down (Ctrl-C): then the servers this tool started are being stopped
 * by its shutdown hooks, and a lost connection is not a crash.
 */
final class ShutdownCheck {
  private ShutdownCheck() {}

  static boolean inProgress() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }
}
