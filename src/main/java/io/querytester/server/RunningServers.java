package io.querytester.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every embedded server still running in this JVM; stopped by a shutdown hook on exit or Ctrl-C.
 */
final class RunningServers {
  private static final Set<EmbeddedServer> SERVERS = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(RunningServers::stopAll, "querytester-stop-servers"));
  }

  private RunningServers() {}

  static void add(EmbeddedServer server) {
    SERVERS.add(server);
  }

  static void remove(EmbeddedServer server) {
    SERVERS.remove(server);
  }

  private static void stopAll() {
    List<Thread> stoppers = new ArrayList<>();
    for (EmbeddedServer s : SERVERS) {
      stoppers.add(Thread.ofPlatform().start(s::close));
    }
    for (Thread t : stoppers) {
      try {
        t.join(35_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
