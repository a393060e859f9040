package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Types;
import org.junit.jupiter.api.Test;

class ValueCanonTest {
  private static String canon(ValueCanon c, int type, String v) {
    return new String(
        c.canon(type, v.getBytes(StandardCharsets.US_ASCII)), StandardCharsets.US_ASCII);
  }

  @Test
  void floatsAreComparedAtTheConfiguredPrecision() {
    ValueCanon c = new ValueCanon(12);
    assertThat(canon(c, Types.DOUBLE, "0.30000000000000004"))
        .isEqualTo(canon(c, Types.DOUBLE, "0.3"));
    assertThat(canon(c, Types.DOUBLE, "1e21"))
        .isEqualTo(canon(c, Types.DOUBLE, "1000000000000000000000"));
    assertThat(canon(c, Types.DOUBLE, "0.31")).isNotEqualTo(canon(c, Types.DOUBLE, "0.3"));
    assertThat(canon(c, Types.DOUBLE, "-0")).isEqualTo(canon(c, Types.DOUBLE, "0"));
  }

  @Test
  void decimalsAndTextAreExact() {
    ValueCanon c = new ValueCanon(12);
    assertThat(canon(c, Types.DECIMAL, "1.50")).isNotEqualTo(canon(c, Types.DECIMAL, "1.5"));
    assertThat(canon(c, Types.VARCHAR, "a ")).isNotEqualTo(canon(c, Types.VARCHAR, "a"));
  }

  @Test
  void zeroDigitsMeansExact() {
    ValueCanon c = new ValueCanon(0);
    assertThat(canon(c, Types.DOUBLE, "0.30000000000000004"))
        .isNotEqualTo(canon(c, Types.DOUBLE, "0.3"));
  }
}
