package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The entry point on odd input. The timeouts are no speed targets (those live in bench/): they stop
 * a quadratic loop, which on 16 MB would run for hours, from hanging the build.
 */
class SqlProfileTest {
  private static final int SIXTEEN_MB = 16 << 20;

  @Test
  void profilesACommonRead() {
    SqlProfile p = SqlProfile.of("SELECT c FROM sbtest1 WHERE id BETWEEN 4970 AND 5069 ORDER BY c");
    assertThat(p.fingerprint())
        .isEqualTo("select c from sbtest? where id between ? and ? order by c");
    assertThat(p.classId()).matches("[0-9A-F]{16}");
    assertThat(p.kind()).isEqualTo(StatementKind.READ);
    assertThat(p.safeRead()).isTrue();
    assertThat(p.nondeterminism()).isEmpty();
    assertThat(p.ordered()).isTrue();
  }

  @Test
  void statementsOfOneShapeShareAClass() {
    assertThat(SqlProfile.of("SELECT * FROM t WHERE id = 1").classId())
        .isEqualTo(SqlProfile.of("/* app */ select *  from t\nwhere id = 'x'").classId())
        .isNotEqualTo(SqlProfile.of("SELECT * FROM t WHERE id > 1").classId());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sixteenMegabyteInsert() {
    StringBuilder sql = new StringBuilder(SIXTEEN_MB + 64).append("INSERT INTO t (a, b) VALUES ");
    for (int i = 0; sql.length() < SIXTEEN_MB; i++) {
      sql.append(i == 0 ? "" : ",").append('(').append(i).append(", 'row ").append(i).append("')");
    }
    SqlProfile p = SqlProfile.of(sql.toString());
    assertThat(p.fingerprint()).isEqualTo("insert into t (a, b) values(?+)");
    assertThat(p.kind()).isEqualTo(StatementKind.WRITE);
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sixteenMegabyteSelectWithAnInList() {
    StringBuilder sql = new StringBuilder(SIXTEEN_MB + 64).append("SELECT * FROM t WHERE id IN (");
    for (int i = 0; sql.length() < SIXTEEN_MB; i++) {
      sql.append(i == 0 ? "" : ", ").append(i);
    }
    SqlProfile p = SqlProfile.of(sql.append(") ORDER BY id LIMIT 10").toString());
    assertThat(p.fingerprint()).isEqualTo("select * from t where id in(?+) order by id limit ?");
    assertThat(p.safeRead()).isTrue();
    assertThat(p.ordered()).isTrue();
    assertThat(p.nondeterminism()).isEmpty();
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sixteenMegabytesOfUnterminatedQuotesAndComments() {
    String tail = "x'\"`/* -- # ".repeat(SIXTEEN_MB / 12);
    for (String start :
        new String[] {"SELECT '", "SELECT \"", "SELECT `", "SELECT /* ", "SELECT "}) {
      SqlProfile p = SqlProfile.of(start + tail);
      assertThat(p.kind()).isEqualTo(StatementKind.READ);
      assertThat(p.fingerprint()).startsWith("select ");
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sixteenMegabytesOfUnionsThatDoNotRepeat() {
    StringBuilder sql = new StringBuilder(SIXTEEN_MB + 64).append("SELECT a0 FROM t");
    for (int i = 1; sql.length() < SIXTEEN_MB; i++) {
      sql.append(" UNION SELECT ").append(i % 2 == 0 ? "a" : "b").append(" FROM t").append(i);
    }
    assertThat(SqlProfile.of(sql.toString()).kind()).isEqualTo(StatementKind.READ);
  }

  @Test
  void unterminatedQuotes() {
    assertThat(SqlProfile.of("SELECT * FROM t WHERE a = 'abc").fingerprint())
        .isEqualTo("select * from t where a = 'abc");
    assertThat(SqlProfile.of("SELECT * FROM t WHERE a = \"abc").kind())
        .isEqualTo(StatementKind.READ);
    // The marker is inside the unterminated string: the server would not run it either.
    assertThat(SqlProfile.of("SELECT 'abc, NOW()").nondeterminism()).isEmpty();
    assertThat(SqlProfile.of("SELECT `abc, SLEEP(1)").unsafeReason()).isNull();
    assertThat(SqlProfile.of("SELECT 1 /* FOR UPDATE").safeRead()).isTrue();
  }

  @Test
  void oddCharacters() {
    String[] odd = {
      "",
      " ",
      "\0",
      "SELECT \0 FROM t",
      "SELECT '\uFFFD\uFFFD' FROM \uD800t",
      "\uDC00SELECT",
      "@",
      "@@",
      "@'",
      "0x",
      "1e",
      ".",
      "\\",
      "'\\",
      "/*!",
      "/*!50100",
      "*/",
      "--",
      "#",
      "(((",
      ")))",
      "SELECT \u00A0 1 \u2028 FROM t",
      "\u0001\u0002\u0003\u007f"
    };
    for (String sql : odd) {
      SqlProfile p = SqlProfile.of(sql);
      assertThat(p.classId()).hasSize(16);
      assertThat(p.kind()).isNotNull();
    }
    assertThat(SqlProfile.of("").kind()).isEqualTo(StatementKind.OTHER);
  }
}
