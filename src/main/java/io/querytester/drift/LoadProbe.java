package io.querytester.drift;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reads source Threads_running and replica lag, and names what is over its limit. */
final class LoadProbe implements Throttle.Probe {
  private final Side source;
  private final List<Side> replicas;
  private final ThrottleLimits limits;

  LoadProbe(Side source, List<Side> replicas, ThrottleLimits limits) {
    this.source = source;
    this.replicas = List.copyOf(replicas);
    this.limits = limits;
  }

  @Override
  public List<String> overLimits() throws SQLException {
    List<String> over = new ArrayList<>();
    long running = threadsRunning();
    if (running > limits.maxThreadsRunning()) {
      over.add(
          "source Threads_running "
              + running
              + " > --max-threads-running "
              + limits.maxThreadsRunning());
    }
    for (Side r : replicas) {
      Long lag = ReplicaStatus.read(r.connection(), r.info()).lagSeconds();
      if (lag != null && lag > limits.maxLag().toSeconds()) {
        over.add(
            r.label() + " lag " + lag + " s > --max-lag " + limits.maxLag().toSeconds() + " s");
      }
    }
    return over;
  }

  private long threadsRunning() throws SQLException {
    try (Statement s = source.connection().createStatement();
        ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Threads_running'")) {
      return rs.next() ? rs.getLong(2) : 0;
    }
  }

  /** Lag of each replica for progress lines, e.g. "REPLICA-1 lag 0 s". */
  String lags() throws SQLException {
    List<String> parts = new ArrayList<>();
    for (Side r : replicas) {
      parts.add(r.label() + " " + ReplicaStatus.read(r.connection(), r.info()).describe());
    }
    return String.join(", ", parts);
  }
}
