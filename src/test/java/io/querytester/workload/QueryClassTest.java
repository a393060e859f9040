package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryClassTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT c FROM sbtest1 WHERE id = 5",
        "select c from sbtest1 where id=77",
        "INSERT INTO t VALUES (1, 'a'), (2, 'b')",
        "SET @x = 1",
        "BEGIN",
        "SELECT /*+ MAX_EXECUTION_TIME(1) */ 1 FOR UPDATE",
        "CREATE TABLE x (a INT)",
        ""
      })
  void agreesWithTheFullProfile(String sql) {
    SqlProfile p = SqlProfile.of(sql);
    QueryClass c = QueryClass.of(sql);
    assertThat(c.classId()).isEqualTo(p.classId());
    assertThat(c.kind()).isEqualTo(p.kind());
    // Cached ids stay right on the second call.
    assertThat(QueryClass.of(sql)).isEqualTo(c);
  }
}
