package io.querytester.server;

import io.querytester.CannotRunException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Free loopback ports, picked by the kernel; never fixed numbers, so parallel runs do not clash.
 */
public final class FreePorts {
  private FreePorts() {}

  public static int next() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    } catch (IOException e) {
      throw new CannotRunException("no free TCP port on 127.0.0.1: " + e.getMessage(), e);
    }
  }
}
