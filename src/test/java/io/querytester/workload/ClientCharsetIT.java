package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.server.EmbeddedTarget;
import io.querytester.server.Target;
import io.querytester.testing.TestServers;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The analysis's rule of each client character set, byte by byte, against the lexers of 10.2.11 and
 * 11.4.5: for every byte above 0x7F, whether the server reads it and a following backslash (in a
 * string) or backquote (in a name) as one character, exactly when {@link ClientCharset} says so.
 * And every character set the servers list is one the analysis knows, or one no client can use.
 */
class ClientCharsetIT {
  static EmbeddedTarget old;
  static EmbeddedTarget neu;

  static final List<String> SETS =
      List.of(
          "gbk", "big5", "sjis", "cp932", "euckr", "ujis", "eucjpms", "gb2312", "utf8mb4", "utf8",
          "latin1", "cp1251", "binary");

  @BeforeAll
  static void start() {
    var o = CompletableFuture.supplyAsync(() -> TestServers.start("OLD", TestServers.OLD));
    var n = CompletableFuture.supplyAsync(() -> TestServers.start("NEW", TestServers.NEW));
    old = o.join();
    neu = n.join();
  }

  @AfterAll
  static void stop() {
    for (Target t : new Target[] {old, neu}) {
      if (t != null) {
        t.close();
      }
    }
  }

  /** A connection that sends each char below 256 as that one byte. */
  private static Connection raw(EmbeddedTarget t) throws SQLException {
    Properties p = TestServers.root(t);
    p.setProperty("characterEncoding", "ISO-8859-1");
    return DriverManager.getConnection(t.server().jdbcUrl(), p);
  }

  @Test
  void everyLeadByteTakesABackslashOrABackquoteAsTheServerDoes() throws SQLException {
    List<String> wrong = new ArrayList<>();
    int stringsCompared = 0;
    for (EmbeddedTarget t : List.of(old, neu)) {
      try (Connection c = raw(t);
          Statement s = c.createStatement()) {
        for (String set : SETS) {
          s.execute("SET NAMES " + set);
          ClientCharset cs = ClientCharset.named(set);
          for (int lead = 0x80; lead <= 0xFF; lead++) {
            for (char trail : new char[] {'\\', '`'}) {
              // 'x' L \ ' , 2 -- '  : two columns when L takes the backslash, the string ends
              // `x` L ` ` , 2 -- ` : one column when L takes the backquote, the name goes on
              String q =
                  trail == '\\'
                      ? "SELECT 'x" + (char) lead + "\\', 2 -- '"
                      : "SELECT 1 AS `x" + (char) lead + "`, 2 -- `";
              ClientBytes.Seen seen =
                  new SqlReading(SqlModes.NONE, cs, StandardCharsets.ISO_8859_1).see(q);
              if (seen.unprovable() != null) {
                continue; // skipped by the replay, whatever the server does
              }
              stringsCompared += trail == '\\' ? 1 : 0;
              int server = columns(s, q);
              int analysis = columns(seen.text());
              if (server != 0 && analysis != server) {
                wrong.add(
                    String.format(
                        "%s %s: 0x%02X before %s: server %d columns, analysis %d",
                        t.label(), set, lead, trail, server, analysis));
              }
            }
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
    // in strings the analysis always tells: every lead byte of every set was compared
    assertThat(stringsCompared).isEqualTo(2 * SETS.size() * 128);
  }

  /** The columns of a SELECT as the analysis's scanner splits it. */
  private static int columns(String text) {
    int n = 1;
    for (SqlToken t : SqlToken.of(text)) {
      n += t.kind() == SqlToken.Kind.COMMA ? 1 : 0;
    }
    return n;
  }

  private static int columns(Statement s, String q) {
    try (ResultSet rs = s.executeQuery(q)) {
      return rs.getMetaData().getColumnCount();
    } catch (SQLException e) {
      return 0; // an odd byte the server refuses: neither reading runs anything
    }
  }

  @Test
  void everyCharacterSetTheServersListIsKnownOrNoClientSet() throws SQLException {
    for (EmbeddedTarget t : List.of(old, neu)) {
      try (Connection c = raw(t);
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT CHARACTER_SET_NAME, MAXLEN FROM information_schema.CHARACTER_SETS")) {
        while (rs.next()) {
          String name = rs.getString(1);
          ClientCharset cs = ClientCharset.named(name);
          if (cs == null) {
            // ucs2, utf16, utf16le, utf32: the server refuses them as the client's
            assertThat(refusedAsClient(t, name)).as(t.label() + " " + name).isTrue();
          } else {
            assertThat(cs.rule() == ClientCharset.Rule.SINGLE)
                .as(t.label() + " " + name)
                .isEqualTo(rs.getInt(2) == 1);
          }
        }
      }
    }
  }

  private static boolean refusedAsClient(EmbeddedTarget t, String name) throws SQLException {
    try (Connection c = raw(t);
        Statement s = c.createStatement()) {
      s.execute("SET NAMES " + name);
      return false;
    } catch (SQLException e) {
      return e.getErrorCode() == 1231;
    }
  }
}
