package io.querytester.drift;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class QuietCompareTest {
  @Test
  void aTableNameWithoutItsSchemaIsRefusedBeforeAnyServerIsTouched() {
    QuietCompare compare = new QuietCompare(QuietCompare.Settings.DEFAULTS, m -> {});
    assertThatThrownBy(() -> compare.compare(null, null, Set.of("shop.items", "orders")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'orders' is not a db.table name: name every table with its schema");
  }
}
