package io.querytester.workload;

/**
 * Where the source server's binary log stood, so OLD and NEW can be restored to the moment a
 * capture began (a backup taken at that position, or a replica stopped there).
 *
 * @param file the binary log file, null when the server writes none
 * @param position the position in {@code file}
 * @param gtid the GTID position (MariaDB's gtid_binlog_pos, MySQL's gtid_executed), null when none
 */
public record SourcePosition(String file, Long position, String gtid) {
  /** In words, for the capture summary and {@code workload stats}. */
  public String describe() {
    if (file == null && (gtid == null || gtid.isEmpty())) {
      return "no binary log";
    }
    String at = file == null ? "" : file + ":" + position;
    if (gtid == null || gtid.isEmpty()) {
      return at;
    }
    return at.isEmpty() ? "GTID " + gtid : at + ", GTID " + gtid;
  }
}
