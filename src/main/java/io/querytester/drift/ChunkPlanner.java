package io.querytester.drift;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a table's key in order and cuts it into ranges of about {@link ChunkSizer#size()} rows. The
 * upper bound of a chunk is the key of its last row, found on the source with an index scan of
 * {@code LIMIT 1 OFFSET size-1}; when fewer rows are left, the chunk is open-ended and is the last.
 */
final class ChunkPlanner {
  private final TableDef table;
  private final ChunkSizer sizer;

  ChunkPlanner(TableDef table, ChunkSizer sizer) {
    this.table = table;
    this.sizer = sizer;
  }

  /** The range after {@code lower} (empty: from the start of the table). */
  KeyRange next(Connection source, List<String> lower) throws SQLException {
    if (!table.chunked()) {
      return KeyRange.ALL;
    }
    try (Statement s = source.createStatement();
        ResultSet rs = s.executeQuery(boundaryQuery(lower, sizer.size()))) {
      if (!rs.next()) {
        return new KeyRange(lower, List.of());
      }
      List<String> upper = new ArrayList<>();
      for (int i = 1; i <= table.key().size(); i++) {
        upper.add(rs.getString(i));
      }
      return new KeyRange(lower, upper);
    }
  }

  String boundaryQuery(List<String> lower, long size) {
    ChecksumQuery q = new ChecksumQuery(table, 0);
    return "SELECT "
        + q.keyLiterals()
        + " FROM "
        + table.quoted()
        + " FORCE INDEX ("
        + Sql.ident(table.keyName())
        + ") WHERE "
        + RangeSql.where(table.key(), new KeyRange(lower, List.of()))
        + " ORDER BY "
        + Sql.joined(table.key())
        + " LIMIT 1 OFFSET "
        + (size - 1);
  }

  ChunkSizer sizer() {
    return sizer;
  }
}
