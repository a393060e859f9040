package io.querytester.replay;

import com.dynatrace.hash4j.hashing.HashValue128;
import com.mysql.cj.jdbc.StatementImpl;
import com.mysql.cj.result.Field;
import io.querytester.TextCut;
import io.querytester.run.ColumnMeta;
import io.querytester.run.Observation;
import io.querytester.run.Outcome;
import io.querytester.run.Warning;
import io.querytester.server.SqlStates;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Executes one statement on one connection and observes it: outcome, latency from the intended
 * start, rows, column metadata, warnings and a digest of every row, streamed once.
 *
 * <p>Rows are streamed (fetch size {@code Integer.MIN_VALUE}), so a 10M-row result needs no more
 * memory than one row. The statement and socket timeouts are {@link StatementTimeouts}': a
 * statement past the first is killed on the server with KILL QUERY from a second connection, one
 * that got nothing for the second has its connection given up.
 */
final class StatementRunner {
  private static final int MAX_SHOWN_CHARS = 200;

  /** What a run gave: the observation, the digest state and, when asked, sampled rows. */
  record Result(Observation observation, DigestBuilder digest, List<SampledRow> sampled) {
    /** A statement that gave nothing but {@code outcome}, timed from {@code startNanos}. */
    static Result only(Outcome outcome, long startNanos) {
      long us = Math.max(0, (System.nanoTime() - startNanos) / 1000);
      return new Result(
          new Observation(outcome, us, us, 0, null, List.of(), List.of(), null),
          new DigestBuilder(),
          List.of());
    }
  }

  /**
   * Which rows to keep while streaming: those whose hash falls in these buckets and, for results so
   * large that one bucket would exceed the cap, whose second hash byte is below {@code subLimit}
   * (256 keeps all), up to a cap.
   */
  record SampleRequest(DigestBuilder.BucketSet buckets, int subLimit, int cap) {
    boolean wants(HashValue128 hash) {
      return buckets.contains(DigestBuilder.bucketOf(hash))
          && DigestBuilder.subBucketOf(hash) < subLimit;
    }

    /** Enough buckets to find differing rows, few enough to stay under the cap. */
    static SampleRequest sized(
        DigestBuilder.BucketSet differing, long rows, int maxBuckets, int cap) {
      long perBucket = Math.max(1, rows / DigestBuilder.BUCKETS);
      // The cap is per side; a bucket holds about rows/256 rows of each side.
      int buckets = (int) Math.max(1, Math.min(maxBuckets, cap / perBucket));
      // Small results: keep every differing bucket, so the sample is complete and pairs line up.
      int subLimit = perBucket <= cap ? 256 : (int) Math.max(1, 256L * cap / perBucket);
      return new SampleRequest(differing.first(buckets), subLimit, cap);
    }
  }

  private final ValueCanon canon;
  private final long maxRows;
  private final StatementTimeouts timeouts;

  /**
   * Whether a result cut at {@link #maxRows} is stopped on the server with KILL QUERY: only when
   * the sessions are read-only. With writes allowed a statement that returns rows may also write (a
   * procedure, {@code DELETE ... RETURNING}), and a KILL would roll that back on whichever side it
   * reached in time; its result is read to the end instead.
   */
  private final boolean stopCutResults;

  StatementRunner(
      ValueCanon canon, long maxRows, StatementTimeouts timeouts, boolean stopCutResults) {
    this.canon = canon;
    this.maxRows = maxRows;
    this.timeouts = timeouts;
    this.stopCutResults = stopCutResults;
  }

  /**
   * Runs {@code sql} through {@code st}, a streaming statement of {@code c} that stays open for the
   * session's next statement; closed here after a failure or a cancel, so it is not reused.
   */
  Result run(
      Connection c,
      Statement st,
      int side,
      String sql,
      long intendedStartNanos,
      SampleRequest sample) {
    WatchedStatement ticket = timeouts.start(side, c);
    Result r;
    StatementTimeouts.End end;
    try {
      r = execute(c, st, sql, intendedStartNanos, sample, ticket);
    } finally {
      end = timeouts.finish(ticket);
    }
    // execute throws nothing checked: past the finally, r is set
    Outcome seen = r.observation().outcome();
    return switch (end) {
      case DONE -> r;
      // Lost: the connection broke all the same, its session must open a new one. TooLarge: the
      // KILL was a cut's (or came after one), the result was read as far as asked. Else killed by
      // us past the statement timeout, whatever the driver said (usually 1317).
      case KILLED ->
          seen instanceof Outcome.Lost || seen instanceof Outcome.TooLarge
              ? r
              : Result.only(
                  new Outcome.TimedOut(
                      Math.max(0, (System.nanoTime() - intendedStartNanos) / 1_000_000)),
                  intendedStartNanos);
      // given up by us: the driver saw its socket closed under it
      case ABANDONED ->
          givenUp(
              st,
              "the server sent nothing for "
                  + seconds(ticket.socketMillis)
                  + " (the socket timeout, --socket-timeout)",
              intendedStartNanos);
      case KILL_UNANSWERED ->
          givenUp(
              st,
              (seen instanceof Outcome.TooLarge ? "cut at --max-rows" : "past --statement-timeout")
                  + ", and KILL QUERY got no answer",
              intendedStartNanos);
    };
  }

  /** A statement whose connection the watch gave up: lost, with why. */
  private static Result givenUp(Statement st, String why, long intendedStartNanos) {
    closeQuietly(st);
    return Result.only(new Outcome.Lost(why + "; the connection was given up"), intendedStartNanos);
  }

  private Result execute(
      Connection c,
      Statement st,
      String sql,
      long intendedStartNanos,
      SampleRequest sample,
      WatchedStatement ticket) {
    DigestBuilder digest = new DigestBuilder();
    List<SampledRow> sampled = sample == null ? List.of() : new ArrayList<>();
    List<ColumnMeta> columns = List.of();
    long firstRow = -1;
    long rows = 0;
    long answers = 0; // what came from the server, for the socket timeout's watch
    Long insertId = null;
    boolean hadResultSet = false;
    try {
      boolean isResultSet = st.execute(sql);
      ticket.progressed(++answers);
      Outcome outcome = Outcome.ok();
      while (true) {
        if (isResultSet) {
          // Not closed here: getMoreResults closes it. A streamed result closed first left
          // Connector/J's stream "still active", so a CALL's second result failed on both sides
          // with the driver's error instead of being compared. A failure closes the statement.
          ResultSet rs = st.getResultSet();
          if (!hadResultSet) {
            columns = columns(rs.getMetaData());
            hadResultSet = true;
          }
          int[] types = types(rs.getMetaData());
          RowHasher hasher = new RowHasher();
          while (rs.next()) {
            if (firstRow < 0) {
              firstRow = System.nanoTime();
            }
            HashValue128 hash = hashRow(rs, types, hasher);
            digest.add(hash);
            rows++;
            ticket.progressed(++answers);
            if (sample != null && sampled.size() < sample.cap() && sample.wants(hash)) {
              sampled.add(
                  new SampledRow(
                      display(rs, types), HexFormat.of().formatHex(RowHasher.bytes(hash))));
            }
            if (rows >= maxRows) {
              outcome = new Outcome.TooLarge(rows);
              if (stopCutResults) {
                // Closing a streamed result reads the rest of it: the server stops sending
                // instead, and the error that ends the rest says nothing about the rows read.
                timeouts.cut(ticket);
                closeCut(rs);
              }
              break;
            }
          }
        } else {
          long count = st.getLargeUpdateCount();
          ticket.progressed(++answers);
          if (count == -1) {
            break;
          }
          rows += count;
          long id = st.unwrap(StatementImpl.class).getLastInsertID();
          if (id != 0) {
            insertId = id;
          }
        }
        if (outcome instanceof Outcome.TooLarge) {
          break;
        }
        isResultSet = st.getMoreResults();
        ticket.progressed(++answers);
      }
      long end = System.nanoTime();
      List<Warning> warnings;
      if (outcome instanceof Outcome.TooLarge) {
        closeQuietly(st); // cut: a fresh statement serves the session's next one
        warnings = List.of();
      } else {
        warnings = ServerWarnings.fetch(c, st);
      }
      return new Result(
          new Observation(
              outcome,
              micros((firstRow < 0 ? end : firstRow) - intendedStartNanos),
              micros(end - intendedStartNanos),
              rows,
              insertId,
              columns,
              warnings,
              hadResultSet ? digest.build() : null),
          digest,
          sampled);
    } catch (SQLException e) {
      long end = System.nanoTime();
      closeQuietly(st);
      return new Result(
          new Observation(
              outcomeOf(e, end - intendedStartNanos),
              micros(end - intendedStartNanos),
              micros(end - intendedStartNanos),
              rows,
              null,
              columns,
              List.of(),
              null),
          digest,
          sampled);
    }
  }

  private static void closeQuietly(Statement st) {
    try {
      st.close();
    } catch (SQLException ignored) {
      // a statement that failed is not reused either way
    }
  }

  /**
   * Closes a result cut by a KILL: the rest of it ends with the KILL's error (1317), which says
   * nothing of the rows read. A broken connection still counts: the statement is lost, and its
   * session opens a new one.
   */
  private static void closeCut(ResultSet rs) throws SQLException {
    try {
      rs.close();
    } catch (SQLException e) {
      if (SqlStates.connectionGone(e)) {
        throw e;
      }
    }
  }

  static Outcome outcomeOf(SQLException e, long elapsedNanos) {
    if (e instanceof SQLTimeoutException) {
      return new Outcome.TimedOut(elapsedNanos / 1_000_000);
    }
    if (SqlStates.connectionGone(e)) {
      return new Outcome.Lost(firstLine(e.getMessage()));
    }
    return new Outcome.Failed(e.getErrorCode(), e.getSQLState(), e.getMessage());
  }

  private static String firstLine(String m) {
    if (m == null) {
      return "";
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private HashValue128 hashRow(ResultSet rs, int[] types, RowHasher hasher) throws SQLException {
    for (int i = 0; i < types.length; i++) {
      byte[] raw = rs.getBytes(i + 1);
      if (raw == null) {
        hasher.nullValue();
      } else {
        hasher.value(canon.canon(types[i], raw));
      }
    }
    return hasher.finish();
  }

  private static List<String> display(ResultSet rs, int[] types) throws SQLException {
    List<String> values = new ArrayList<>(types.length);
    for (int i = 0; i < types.length; i++) {
      byte[] raw = rs.getBytes(i + 1);
      values.add(raw == null ? null : shown(raw, types[i]));
    }
    return values;
  }

  static String shown(byte[] raw, int type) {
    boolean binary =
        type == Types.BINARY
            || type == Types.VARBINARY
            || type == Types.LONGVARBINARY
            || type == Types.BLOB;
    String text = binary ? null : utf8(raw);
    if (text == null) {
      int n = Math.min(raw.length, MAX_SHOWN_CHARS / 2);
      return "0x"
          + HexFormat.of().withUpperCase().formatHex(raw, 0, n)
          + (n < raw.length ? "..." : "");
    }
    return TextCut.cut(text, MAX_SHOWN_CHARS, "...");
  }

  private static String utf8(byte[] raw) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(raw))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static int[] types(ResultSetMetaData md) throws SQLException {
    int[] t = new int[md.getColumnCount()];
    for (int i = 0; i < t.length; i++) {
      t[i] = md.getColumnType(i + 1);
    }
    return t;
  }

  private static List<ColumnMeta> columns(ResultSetMetaData md) throws SQLException {
    List<ColumnMeta> out = new ArrayList<>(md.getColumnCount());
    com.mysql.cj.jdbc.result.ResultSetMetaData cj =
        md.isWrapperFor(com.mysql.cj.jdbc.result.ResultSetMetaData.class)
            ? md.unwrap(com.mysql.cj.jdbc.result.ResultSetMetaData.class)
            : null;
    Field[] fields = cj == null ? null : cj.getFields();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      String type = md.getColumnTypeName(i);
      String charset = null;
      if (cj != null && isText(md.getColumnType(i))) {
        charset = cj.getColumnCharacterSet(i);
      }
      out.add(
          new ColumnMeta(
              md.getColumnLabel(i),
              type,
              md.getPrecision(i),
              md.getScale(i),
              md.isNullable(i) != ResultSetMetaData.columnNoNulls,
              charset,
              fields == null || fields.length < i
                  ? null
                  : ColumnPackets.definition(fields[i - 1])));
    }
    return out;
  }

  private static boolean isText(int type) {
    return type == Types.CHAR
        || type == Types.VARCHAR
        || type == Types.LONGVARCHAR
        || type == Types.NCHAR
        || type == Types.NVARCHAR
        || type == Types.LONGNVARCHAR
        || type == Types.CLOB;
  }

  private static String seconds(int millis) {
    return (millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0))
        + " s";
  }

  private static long micros(long nanos) {
    return Math.max(0, nanos / 1000);
  }
}
