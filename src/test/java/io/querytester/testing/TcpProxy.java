package io.querytester.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder in front of a server, to play a host that goes silent: {@link #blackhole()} cuts
 * every forwarded connection and from then on accepts new ones without ever answering, as a host
 * that hangs or drops off the network does (a client waits for its connect timeout).
 */
public final class TcpProxy implements AutoCloseable {
  private final ServerSocket server;
  private final int target;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private volatile boolean blackhole;

  private TcpProxy(ServerSocket server, int target) {
    this.server = server;
    this.target = target;
  }

  public static TcpProxy start(int targetPort) throws IOException {
    TcpProxy p =
        new TcpProxy(new ServerSocket(0, 200, InetAddress.getLoopbackAddress()), targetPort);
    Thread.ofVirtual().name("tcp-proxy").start(p::accept);
    return p;
  }

  public int port() {
    return server.getLocalPort();
  }

  public void blackhole() {
    blackhole = true;
    for (Socket s : open) {
      close(s);
    }
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        open.add(client);
        if (blackhole) {
          continue; // held open, never answered
        }
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        open.add(upstream);
        Thread.ofVirtual().start(() -> pump(client, upstream));
        Thread.ofVirtual().start(() -> pump(upstream, client));
      } catch (IOException e) {
        // closed, or the upstream refused: the client sees its socket close
      }
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buf = new byte[16384];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int n; (n = in.read(buf)) > 0; ) {
        out.write(buf, 0, n);
      }
    } catch (IOException e) {
      // one side went away
    } finally {
      close(from);
      close(to);
    }
  }

  private void close(Socket s) {
    open.remove(s);
    try {
      s.close();
    } catch (IOException ignored) {
      // closing
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException ignored) {
      // closing
    }
    open.forEach(this::close);
  }
}
