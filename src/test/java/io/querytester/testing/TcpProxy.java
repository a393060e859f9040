package io.querytester.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP forwarder in front of a server, to play a host that goes silent: {@link #blackhole()} cuts
 * every forwarded connection and from then on accepts new ones without ever answering, as a host
 * that hangs or drops off the network does (a client waits for its connect timeout). With a delay,
 * it plays a server across a network: every chunk is held that long in each direction.
 */
public final class TcpProxy implements AutoCloseable {
  private final ServerSocket server;
  private final int target;
  private final long delayNanos;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private volatile boolean blackhole;

  private TcpProxy(ServerSocket server, int target, Duration delay) {
    this.server = server;
    this.target = target;
    this.delayNanos = delay.toNanos();
  }

  public static TcpProxy start(int targetPort) throws IOException {
    return start(targetPort, Duration.ZERO);
  }

  /** A forwarder that holds every chunk for {@code delay} each way. */
  public static TcpProxy start(int targetPort, Duration delay) throws IOException {
    TcpProxy p =
        new TcpProxy(new ServerSocket(0, 200, InetAddress.getLoopbackAddress()), targetPort, delay);
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
        if (delayNanos > 0) {
          delayed(client, upstream);
          delayed(upstream, client);
        } else {
          Thread.ofVirtual().start(() -> pump(client, upstream));
          Thread.ofVirtual().start(() -> pump(upstream, client));
        }
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

  private record Chunk(long due, byte[] data) {}

  private static final Chunk END = new Chunk(0, null);

  /** One thread reads and stamps each chunk, another writes it when it is due, in order. */
  private void delayed(Socket from, Socket to) {
    BlockingQueue<Chunk> held = new LinkedBlockingQueue<>();
    Thread.ofVirtual()
        .start(
            () -> {
              byte[] buf = new byte[16384];
              try (InputStream in = from.getInputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) {
                  held.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buf, n)));
                }
              } catch (IOException e) {
                // one side went away
              } finally {
                held.add(END);
              }
            });
    Thread.ofVirtual()
        .start(
            () -> {
              try (OutputStream out = to.getOutputStream()) {
                for (Chunk c = held.take(); c != END; c = held.take()) {
                  for (long wait; (wait = c.due() - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(wait);
                  }
                  out.write(c.data());
                }
              } catch (IOException e) {
                // one side went away
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                close(from);
                close(to);
              }
            });
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
