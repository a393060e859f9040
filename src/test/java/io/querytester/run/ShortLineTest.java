package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShortLineTest {
  private final ShortLine scanner = new ShortLine();

  @Test
  void numbersOfEveryLengthAndSign() throws IOException {
    assertThat(scanner.scan("[0,7,-7,007,123456789012345678,-123456789012345678]"))
        .containsExactly(0L, 7L, -7L, 7L, 123456789012345678L, -123456789012345678L);
    assertThat(
            scanner.scan("[" + Long.MAX_VALUE + "," + Long.MIN_VALUE + ",1234567890123456789,-9]"))
        .containsExactly(Long.MAX_VALUE, Long.MIN_VALUE, 1234567890123456789L, -9L);
  }

  @Test
  void stringsNullsAndListsBesideNumbers() throws IOException {
    assertThat(scanner.scan("[1,null,\"ab-_\",[],[3,-4]]"))
        .containsExactly(1L, null, "ab-_", List.of(), List.of(3L, -4L));
    assertThat(scanner.scan("[]")).isEmpty();
  }

  @Test
  void whatNoEncoderWritesIsRefused() {
    for (String damaged :
        Arrays.asList(
            "[-]",
            "[1,]",
            "[9223372036854775808]",
            "[-9223372036854775809]",
            "[12345678901234567890123]",
            "[1.5]",
            "[\u0661\u0662]",
            "[1",
            "[\"a\\\"b\"]",
            "[1] ")) {
      assertThatThrownBy(() -> scanner.scan(damaged)).as(damaged).isInstanceOf(IOException.class);
    }
  }
}
