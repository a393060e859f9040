package io.querytester.drift;

/** A point in the source's binary log that a replica must have applied before its chunk is read. */
sealed interface ReplicaPosition {

  String display();

  /** Nothing to wait for: the source has not written any transaction. */
  record None() implements ReplicaPosition {
    @Override
    public String display() {
      return "(empty)";
    }
  }

  /** MariaDB @@gtid_binlog_pos or MySQL @@gtid_executed. */
  record Gtid(String set) implements ReplicaPosition {
    @Override
    public String display() {
      return set;
    }
  }

  /** Binary log file and position from SHOW MASTER STATUS. */
  record FilePos(String file, long position) implements ReplicaPosition {
    @Override
    public String display() {
      return file + ":" + position;
    }
  }
}
