package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DigestTextTest {
  private static final HexFormat HEX = HexFormat.of();

  @Test
  void bothWaysAgreeWithTheJdksBase64AndHex() {
    SplittableRandom random = new SplittableRandom(7);
    byte[] bytes = new byte[16];
    for (int i = 0; i < 10_000; i++) {
      random.nextBytes(bytes);
      if (i == 0) {
        java.util.Arrays.fill(bytes, (byte) 0);
      } else if (i == 1) {
        java.util.Arrays.fill(bytes, (byte) 0xff);
      }
      String hex = HEX.formatHex(bytes);
      java.nio.ByteBuffer halves = java.nio.ByteBuffer.wrap(bytes);
      assertThat(DigestText.hex(halves.getLong(), halves.getLong())).isEqualTo(hex);
      String base64 = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      assertThat(DigestText.isHex128(hex)).isTrue();
      assertThat(DigestText.base64(hex)).isEqualTo(base64);
      assertThat(DigestText.hex(base64)).isEqualTo(hex);
    }
  }

  @Test
  void onlyThirtyTwoLowerCaseHexDigitsAreADigestToShorten() {
    assertThat(DigestText.isHex128("0123456789abcdef0123456789abcdef")).isTrue();
    assertThat(DigestText.isHex128("0123456789ABCDEF0123456789abcdef")).isFalse();
    assertThat(DigestText.isHex128("0123456789abcdef0123456789abcde")).isFalse();
    assertThat(DigestText.isHex128("0123456789abcdef0123456789abcdeg")).isFalse();
    assertThat(DigestText.isHex128("0123456789abcdef0123456789abcde\u0660")).isFalse();
    assertThat(DigestText.isHex128(null)).isFalse();
  }

  @Test
  void aDamagedDigestIsRefused() {
    String good = DigestText.base64("00112233445566778899aabbccddeeff");
    assertThatThrownBy(() -> DigestText.hex(good.substring(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DigestText.hex(good + "A"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DigestText.hex("+" + good.substring(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at 0");
    assertThatThrownBy(() -> DigestText.hex(good.substring(0, 21) + "\u00e9"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theLastCharactersSpareBitsAndPaddingAreTakenAsTheJdkTakesThem() {
    String prefix = DigestText.base64("00112233445566778899aabbccddeeff").substring(0, 21);
    String digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (char last : digits.toCharArray()) {
      String text = prefix + last;
      assertThat(DigestText.hex(text))
          .as(text)
          .isEqualTo(HEX.formatHex(Base64.getUrlDecoder().decode(text)));
      assertThat(DigestText.hex(text + "==")).isEqualTo(DigestText.hex(text));
    }
  }
}
