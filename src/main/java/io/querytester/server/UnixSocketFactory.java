package io.querytester.server;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.ServerSession;
import com.mysql.cj.protocol.SocketConnection;
import com.mysql.cj.protocol.SocketFactory;
import java.io.Closeable;
import java.io.IOException;
import java.net.SocketException;
import java.nio.file.Path;

/**
 * Connects Connector/J through a Unix socket, which it cannot do itself (its named-pipe factory is
 * for Windows). Named by {@code socketFactory=} in a spec's URL, the path in {@code namedPipePath};
 * Connector/J makes one instance per connection. A local socket gets no TLS: the server counts it
 * as secure already, so a spec with a socket connects with {@code sslMode=DISABLED}.
 */
public final class UnixSocketFactory implements SocketFactory {
  private UnixSocket socket;

  @Override
  @SuppressWarnings("unchecked")
  public <T extends Closeable> T connect(String host, int port, PropertySet props, int loginTimeout)
      throws IOException {
    String path = props.getStringProperty(PropertyKey.PATH).getValue();
    if (path == null || path.isBlank()) {
      throw new SocketException("no Unix socket path given (namedPipePath)");
    }
    socket = UnixSocket.open(Path.of(path));
    return (T) socket;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T extends Closeable> T performTlsHandshake(
      SocketConnection connection, ServerSession session) throws IOException {
    return (T) socket;
  }
}
