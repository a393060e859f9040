package io.querytester.testing;

import io.querytester.server.EmbeddedTarget;

/**
 * A JVM that starts a server, prints its pid and work dir, and waits to be killed: lets a test kill
 * a tool with -9 and check that its server does not survive it.
 */
public final class ServerHolder {
  private ServerHolder() {}

  public static void main(String[] args) throws Exception {
    EmbeddedTarget t = TestServers.start("HELD", args.length > 0 ? args[0] : TestServers.OLD);
    System.out.println("PID " + t.server().pid() + " DIR " + t.server().dataDir().getParent());
    System.out.flush();
    Thread.sleep(600_000);
  }
}
