package io.querytester.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A {@link Socket} over the JDK's Unix domain socket channel, for drivers that want a Socket. The
 * channel is non-blocking and reads wait on a selector, so that {@link #setSoTimeout} works as on a
 * TCP socket (a blocking channel's streams ignore timeouts): Connector/J's socketTimeout still ends
 * a read that a dead server would leave blocked forever.
 */
final class UnixSocket extends Socket {
  private final SocketChannel channel;
  private final Selector readable;
  private final Selector writable;
  private volatile int timeoutMillis;
  private volatile boolean closed;

  private UnixSocket(SocketChannel channel) throws IOException {
    this.channel = channel;
    this.readable = Selector.open();
    this.writable = Selector.open();
    channel.configureBlocking(false);
    channel.register(readable, SelectionKey.OP_READ);
    channel.register(writable, SelectionKey.OP_WRITE);
  }

  static UnixSocket open(Path path) throws IOException {
    SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      c.connect(UnixDomainSocketAddress.of(path));
      return new UnixSocket(c);
    } catch (IOException e) {
      c.close();
      throw new SocketException("cannot connect to Unix socket " + path + ": " + e.getMessage());
    }
  }

  @Override
  public InputStream getInputStream() {
    return new InputStream() {
      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return UnixSocket.this.read(ByteBuffer.wrap(b, off, len));
      }
    };
  }

  @Override
  public OutputStream getOutputStream() {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        UnixSocket.this.write(ByteBuffer.wrap(b, off, len));
      }
    };
  }

  private int read(ByteBuffer buf) throws IOException {
    if (!buf.hasRemaining()) {
      return 0;
    }
    while (true) {
      int n = channel.read(buf);
      if (n != 0) {
        return n;
      }
      int t = timeoutMillis;
      synchronized (readable) {
        if (readable.select(t) == 0 && t > 0 && !closed) {
          throw new SocketTimeoutException("Read timed out after " + t + " ms");
        }
        readable.selectedKeys().clear();
      }
      if (closed) {
        throw new SocketException("Socket closed");
      }
    }
  }

  private void write(ByteBuffer buf) throws IOException {
    while (buf.hasRemaining()) {
      if (channel.write(buf) == 0) {
        synchronized (writable) {
          writable.select(1000);
          writable.selectedKeys().clear();
        }
      }
      if (closed) {
        throw new SocketException("Socket closed");
      }
    }
  }

  @Override
  public void setSoTimeout(int timeout) {
    this.timeoutMillis = timeout;
  }

  @Override
  public int getSoTimeout() {
    return timeoutMillis;
  }

  @Override
  public void setTcpNoDelay(boolean on) {
    // No Nagle on a Unix socket.
  }

  @Override
  public void setKeepAlive(boolean on) {
    // No keep-alive probes on a Unix socket.
  }

  @Override
  public void setSendBufferSize(int size) {
    // The kernel's default serves.
  }

  @Override
  public void setReceiveBufferSize(int size) {
    // The kernel's default serves.
  }

  @Override
  public boolean isConnected() {
    return !closed;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void shutdownInput() throws IOException {
    channel.shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    channel.shutdownOutput();
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    readable.wakeup();
    writable.wakeup();
    try {
      channel.close();
    } finally {
      readable.close();
      writable.close();
    }
  }
}
