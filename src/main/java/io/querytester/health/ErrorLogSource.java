package io.querytester.health;

import java.sql.Connection;
import java.util.List;

/** Where a target's error-log lines come from: a file, or MySQL 8's performance_schema table. */
interface ErrorLogSource {
  /** Lines that arrived since the last call; none when nothing could be read. */
  List<String> readNew(Connection monitor);

  /** What is read, for the report ("/var/log/mysql/error.log"). */
  String describe();
}
