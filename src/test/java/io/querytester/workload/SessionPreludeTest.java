package io.querytester.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionPreludeTest {
  @TempDir Path dir;

  @Test
  void aStatementGetsTheSessionStatementsOfItsOwnSessionBeforeIt() throws Exception {
    Path file = dir.resolve("w.jsonl");
    try (WorkloadWriter w =
        WorkloadWriter.create(file, WorkloadHeader.of("test", "10.2.11-MariaDB", Instant.EPOCH))) {
      // line 1 is the header
      w.write(QueryEvent.of(1, "shop", "SET sql_mode = ''")); // line 2
      w.write(QueryEvent.of(2, "shop", "SET NAMES latin1")); // 3, another session
      w.write(QueryEvent.of(1, "shop", "SET autocommit = 1")); // 4
      w.write(QueryEvent.of(1, "shop", "SET autocommit = 1")); // 5: repeated, kept once
      w.write(QueryEvent.of(1, "shop", "SELECT 1")); // 6: not a session statement
      w.write(QueryEvent.of(1, "shop", "SELECT id FROM t ORDER BY id LIMIT 3")); // 7
      w.write(QueryEvent.of(1, "shop", "SET sql_mode = 'STRICT_ALL_TABLES'")); // 8: after it
    }
    Map<Long, SessionPrelude> found = SessionPrelude.read(file, Map.of(7L, 1L), w -> {});
    SessionPrelude p = found.get(7L);
    assertThat(p.event().sql()).isEqualTo("SELECT id FROM t ORDER BY id LIMIT 3");
    assertThat(p.session())
        .extracting(QueryEvent::sql)
        .containsExactly("SET sql_mode = ''", "SET autocommit = 1");
    assertThat(p.statements()).hasSize(3);
    assertThat(SessionPrelude.read(file, Map.of(99L, 1L), w -> {})).isEmpty();
  }
}
