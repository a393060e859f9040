package io.querytester;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextCutTest {
  @Test
  void neverEndsInHalfACharacter() {
    String s = "x".repeat(199) + "\ud83d\ude00 more"; // an emoji across the 200th char
    assertThat(TextCut.prefix(s, 200)).isEqualTo("x".repeat(199));
    assertThat(TextCut.prefix(s, 201)).isEqualTo("x".repeat(199) + "\ud83d\ude00");
    assertThat(TextCut.prefix("abc", 2)).isEqualTo("ab");
    assertThat(TextCut.prefix("abc", 9)).isEqualTo("abc");
    assertThat(TextCut.end("\ud83d\ude00", 1)).isZero();
  }

  @Test
  void abbreviatedTextNeverTakesMoreThanItsRoom() {
    assertThat(TextCut.abbreviate("abcdef", 6)).isEqualTo("abcdef");
    assertThat(TextCut.abbreviate("abcdefg", 6)).isEqualTo("abc...");
    assertThat(TextCut.abbreviate("ab\ud83d\ude00cdef", 6)).isEqualTo("ab...");
  }

  @Test
  void cutTextKeepsItsFirstCharsAndTheMark() {
    assertThat(TextCut.cut("abcdef", 6, "...")).isEqualTo("abcdef");
    assertThat(TextCut.cut("abcdefg", 6, " /* cut */")).isEqualTo("abcdef /* cut */");
  }
}
