package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.run.ResultDigest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DigestBuilderTest {

  private static byte[] row(String... values) {
    RowHasher h = new RowHasher();
    for (String v : values) {
      if (v == null) {
        h.nullValue();
      } else {
        h.value(v.getBytes(StandardCharsets.UTF_8));
      }
    }
    return h.finish();
  }

  private static DigestBuilder of(byte[]... rows) {
    DigestBuilder d = new DigestBuilder();
    for (byte[] r : rows) {
      d.add(r);
    }
    return d;
  }

  @Test
  void unorderedDigestIgnoresRowOrderButOrderedDoesNot() {
    ResultDigest a = of(row("1"), row("2"), row("3")).build();
    ResultDigest b = of(row("3"), row("1"), row("2")).build();
    assertThat(a.unordered()).isEqualTo(b.unordered());
    assertThat(a.ordered()).isNotEqualTo(b.ordered());
  }

  @Test
  void duplicateRowsDoNotCancelOut() {
    // With XOR, {x, x, y} and {y} would collide.
    ResultDigest three = of(row("x"), row("x"), row("y")).build();
    ResultDigest one = of(row("y")).build();
    ResultDigest twoYs = of(row("x"), row("y"), row("y")).build();
    assertThat(three.unordered()).isNotEqualTo(one.unordered());
    assertThat(three.unordered()).isNotEqualTo(twoYs.unordered());
  }

  @Test
  void nullDiffersFromEmptyFromTheWordNullAndValuesDoNotRunTogether() {
    assertThat(row((String) null)).isNotEqualTo(row(""));
    assertThat(row((String) null)).isNotEqualTo(row("NULL"));
    assertThat(row("ab", "c")).isNotEqualTo(row("a", "bc"));
  }

  @Test
  void differingBucketsPointAtTheRowsThatDiffer() {
    byte[] extra = row("only on one side");
    DigestBuilder a = of(row("1"), row("2"));
    DigestBuilder b = of(row("1"), row("2"), extra);
    DigestBuilder.BucketSet differ = a.differingBuckets(b);
    assertThat(differ.size()).isEqualTo(1);
    assertThat(differ.contains(DigestBuilder.bucketOf(extra))).isTrue();
  }

  @Test
  void digestsAreTheValuesEarlierVersionsWrote() {
    // Run folders keep digests (executions.jsonl) and compare/resume reads them back, so a new
    // hash library must give the same values: these were written with zero-allocation-hashing's
    // xx128 (querytester before hash4j). Rows of 1 to 320 bytes reach XXH3's short and long paths.
    DigestBuilder d = new DigestBuilder();
    for (String v : new String[] {"1", "2", null, "Crème ☕", ""}) {
      RowHasher h = new RowHasher();
      if (v == null) {
        h.nullValue();
      } else {
        h.value(v.getBytes(StandardCharsets.UTF_8));
        h.value("x".repeat(300).getBytes(StandardCharsets.UTF_8));
      }
      d.add(h.finish());
    }
    assertThat(d.build())
        .isEqualTo(
            new ResultDigest(
                5, "afb107c57819f61cabe23df80f12da2c", "a1654b4012bb81e5b57e94ee83e628b2"));
  }
}
