package io.querytester.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.QueryClass;
import io.querytester.workload.QueryEvent;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CaptureFilterTest {
  private static CaptureFilter including(Set<String> schemas, Set<String> users) {
    return new CaptureFilter(
        schemas, Set.of(), users, Set.of(), Set.of(), Set.of(), null, null, Set.of(), Set.of(), 1,
        0);
  }

  @Test
  void anEventWithoutSchemaOrUserIsLeftOutByAnIncludeFilterInsteadOfFailingTheCapture() {
    QueryEvent noSchema = QueryEvent.of(1, null, "SET GLOBAL slow_query_log = 0");
    QueryClass p = QueryClass.of(noSchema.sql());
    assertThat(including(Set.of("sbtest"), Set.of()).reject(noSchema, p)).isEqualTo("schema");
    assertThat(including(Set.of(), Set.of("app")).reject(noSchema, p)).isEqualTo("user");
    assertThat(
            including(Set.of("sbtest"), Set.of()).reject(QueryEvent.of(1, "sbtest", "SELECT 1"), p))
        .isNull();
  }
}
