package io.querytester.capture;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.network.SSLMode;
import io.querytester.BadInputException;
import io.querytester.server.Secret;
import io.querytester.server.Target;
import io.querytester.workload.SourcePosition;
import io.querytester.workload.WorkloadHeader;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reads the binlog live, as a replica would: the replication protocol can only read, and needs only
 * the REPLICATION SLAVE and REPLICATION CLIENT privileges. A random server id keeps it from pushing
 * out a real replica. MariaDB is asked for ANNOTATE_ROWS events, so row-based binlogs keep their
 * SQL.
 */
final class BinlogLiveSource extends CaptureSource {
  private final Target target;
  private final String host;
  private final int port;
  private final String user;
  private final Secret password;
  private final String sslMode;
  private final String startFile;
  private final long startPosition;
  private final long serverId = ThreadLocalRandom.current().nextLong(1L << 20, 1L << 31);
  private volatile BinaryLogClient client;
  private volatile Exception failure;
  private long received;
  private String endedAt;
  private String endedFile;
  private long endedPosition;
  private volatile SourcePosition startedAt;

  BinlogLiveSource(
      Target target,
      String host,
      int port,
      String user,
      Secret password,
      String sslMode,
      String start) {
    this.target = target;
    this.host = host;
    this.port = port;
    this.user = user;
    this.password = password;
    this.sslMode = sslMode;
    if (start == null) {
      startFile = null;
      startPosition = 4;
    } else {
      int colon = start.lastIndexOf(':');
      try {
        startFile = colon < 0 ? start : start.substring(0, colon);
        startPosition = colon < 0 ? 4 : Long.parseLong(start.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new BadInputException(
            "--binlog-start " + start + ": write FILE or FILE:POSITION, e.g. mysql-bin.000042:4");
      }
    }
  }

  @Override
  public String kind() {
    return "binlog";
  }

  @Override
  public String order() {
    return WorkloadHeader.COMMIT;
  }

  @Override
  SourcePosition startPosition() {
    return startedAt;
  }

  @Override
  SourcePosition endPosition() {
    return endedAt == null ? null : new SourcePosition(endedFile, endedPosition, null);
  }

  @Override
  public String serverVersion() {
    return target.info().version();
  }

  @Override
  void run(EventSink sink) throws IOException, SQLException {
    BinaryLogClient c = new BinaryLogClient(host, port, user, password.reveal());
    c.setServerId(serverId);
    c.setSSLMode(sslMode(sslMode));
    c.setUseSendAnnotateRowsEvent(true);
    c.setKeepAlive(false);
    c.setEventDeserializer(BinlogEvents.deserializer());
    if (startFile != null) {
      c.setBinlogFilename(startFile);
      c.setBinlogPosition(startPosition);
    }
    BinlogEvents events = new BinlogEvents(sink);
    c.registerEventListener(e -> onEvent(e, events, sink));
    c.registerLifecycleListener(
        new BinaryLogClient.AbstractLifecycleListener() {
          @Override
          public void onConnect(BinaryLogClient cl) {
            startedAt = new SourcePosition(cl.getBinlogFilename(), cl.getBinlogPosition(), null);
          }

          @Override
          public void onCommunicationFailure(BinaryLogClient cl, Exception ex) {
            failure = ex;
          }

          @Override
          public void onEventDeserializationFailure(BinaryLogClient cl, Exception ex) {
            sink.skip(
                "bad events",
                "binlog "
                    + cl.getBinlogFilename()
                    + " near position "
                    + cl.getBinlogPosition()
                    + ": cannot read an event ("
                    + ex.getMessage()
                    + "); skipped");
          }
        });
    client = c;
    if (sink.stopping()) {
      return;
    }
    c.connect(); // blocks until stop() disconnects or the connection is lost
    events.finish();
    endedAt = c.getBinlogFilename() + ":" + c.getBinlogPosition();
    endedFile = c.getBinlogFilename();
    endedPosition = c.getBinlogPosition();
    if (failure != null && !sink.stopping()) {
      throw new IOException("the binlog connection was lost: " + failure.getMessage(), failure);
    } else if (failure != null) {
      sink.warn("binlog stream ended with: " + failure);
    }
  }

  /**
   * The replication client's TLS mode. VERIFY_CA and VERIFY_IDENTITY check against the JVM's trust
   * store: a --source-ssl-ca file is used by SQL connections only.
   */
  static SSLMode sslMode(String mode) {
    if (mode == null) {
      return SSLMode.PREFERRED;
    }
    try {
      return SSLMode.valueOf(mode.toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--source-ssl-mode " + mode + ": not a TLS mode");
    }
  }

  private void onEvent(Event e, BinlogEvents events, EventSink sink) {
    received++;
    long position = 0;
    if (e.getHeader() instanceof EventHeaderV4 h && h.getNextPosition() > 0) {
      position = h.getNextPosition() - h.getEventLength();
    }
    if (!events.on(e, position) || sink.stopping()) {
      // Disconnecting from the listener's own thread would wait for itself.
      Thread.ofVirtual().start(this::stop);
    }
  }

  @Override
  void stop() {
    BinaryLogClient c = client;
    if (c != null) {
      try {
        c.disconnect();
      } catch (IOException e) {
        // Going away anyway.
      }
    }
  }

  @Override
  List<String> report() {
    return List.of(
        String.format(
            "binlog events received: %,d (as replica server id %d%s)",
            received, serverId, endedAt == null ? "" : ", stopped at " + endedAt));
  }
}
