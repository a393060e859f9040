package io.querytester.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The Socket over a Unix domain channel: bytes both ways, a read timeout, a clear refusal. */
class UnixSocketTest {

  private static Path shortDir() throws Exception {
    // Socket paths must stay under 108 bytes: not below a long build folder.
    return Files.createTempDirectory(Path.of("/tmp"), "qt-sock");
  }

  @Test
  void bytesGoBothWaysAndAReadTimesOutLikeTcp() throws Exception {
    Path dir = shortDir();
    Path path = dir.resolve("s.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(path));
      try (UnixSocket client = UnixSocket.open(path);
          SocketChannel peer = server.accept()) {
        client.getOutputStream().write("ping".getBytes());
        ByteBuffer in = ByteBuffer.allocate(4);
        while (in.hasRemaining()) {
          peer.read(in);
        }
        assertThat(new String(in.array())).isEqualTo("ping");
        peer.write(ByteBuffer.wrap("pong".getBytes()));
        assertThat(client.getInputStream().readNBytes(4)).isEqualTo("pong".getBytes());

        client.setSoTimeout(200);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> client.getInputStream().read())
            .isInstanceOf(SocketTimeoutException.class);
        assertThat((System.nanoTime() - t0) / 1_000_000).isBetween(150L, 5_000L);

        peer.close();
        assertThat(client.getInputStream().read()).isEqualTo(-1);
      }
    } finally {
      Files.deleteIfExists(path);
      Files.deleteIfExists(dir);
    }
  }

  @Test
  void aMissingSocketNamesItsPath() throws Exception {
    Path dir = shortDir();
    try {
      assertThatThrownBy(() -> UnixSocket.open(dir.resolve("none.sock")))
          .isInstanceOf(SocketException.class)
          .hasMessageContaining(dir.resolve("none.sock").toString());
    } finally {
      Files.deleteIfExists(dir);
    }
  }
}
