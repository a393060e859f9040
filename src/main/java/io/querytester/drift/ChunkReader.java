package io.querytester.drift;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs a chunk checksum on one side: a single statement, so one consistent read. */
final class ChunkReader {
  private ChunkReader() {}

  static Checksum read(Side side, String sql) throws SQLException {
    try (Statement s = side.connection().createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return Checksum.of(rs.getLong(1), rs.getString(2));
    }
  }
}
