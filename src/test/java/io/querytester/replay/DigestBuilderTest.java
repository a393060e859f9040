package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hashing;
import io.querytester.run.ResultDigest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DigestBuilderTest {

  private static HashValue128 row(String... values) {
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

  private static DigestBuilder of(HashValue128... rows) {
    DigestBuilder d = new DigestBuilder();
    for (HashValue128 r : rows) {
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
    HashValue128 extra = row("only on one side");
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

  @Test
  void theChainStepIsXxh3OfTheStateAndTheRowHashWrittenBigEndian() {
    // DigestBuilder computes XXH3-128 of its 32 bytes from the four longs; hash4j hashes the bytes.
    java.util.SplittableRandom random = new java.util.SplittableRandom(42);
    byte[] bytes = new byte[32];
    for (int i = 0; i < 10_000; i++) {
      long[] state = {random.nextLong(), random.nextLong()};
      long low = i < 4 ? (i % 2 == 0 ? 0 : -1) : random.nextLong();
      long high = i < 4 ? (i < 2 ? 0 : Long.MIN_VALUE) : random.nextLong();
      RowHasher.put(state[0], state[1], bytes, 0);
      RowHasher.put(low, high, bytes, 16);
      HashValue128 expected = Hashing.xxh3_128().hashBytesTo128Bits(bytes);
      DigestBuilder.chain(state, low, high);
      assertThat(state)
          .as("row %d", i)
          .containsExactly(expected.getLeastSignificantBits(), expected.getMostSignificantBits());
    }
  }

  @Test
  void bucketsAreTheFirstBytesOfTheHashAsSampledRowsShowIt() {
    for (String v : new String[] {"1", "2", "3", "Crème ☕", "", "x".repeat(300)}) {
      HashValue128 h = row(v);
      byte[] shown = RowHasher.bytes(h);
      assertThat(DigestBuilder.bucketOf(h)).isEqualTo(shown[0] & 0xff);
      assertThat(DigestBuilder.subBucketOf(h)).isEqualTo(shown[1] & 0xff);
    }
  }

  @Test
  void differingBucketsAreFoundAcrossSmallAndLargeResults() {
    // A side of 10 rows keeps its hashes; a side of 40 has made its bucket sums (more than 16).
    HashValue128[] rows = new HashValue128[40];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = row("row " + i);
    }
    DigestBuilder small = of(java.util.Arrays.copyOf(rows, 10));
    DigestBuilder large = of(rows);
    DigestBuilder.BucketSet expected = new DigestBuilder.BucketSet();
    for (int i = 10; i < rows.length; i++) {
      expected.add(DigestBuilder.bucketOf(rows[i]));
    }
    DigestBuilder.BucketSet differ = large.differingBuckets(small);
    assertThat(differ.size()).isEqualTo(expected.size());
    for (int b = 0; b < DigestBuilder.BUCKETS; b++) {
      assertThat(differ.contains(b)).as("bucket %d", b).isEqualTo(expected.contains(b));
    }
    assertThat(small.differingBuckets(of(java.util.Arrays.copyOf(rows, 10))).size()).isZero();
    assertThat(large.differingBuckets(of(rows)).size()).isZero();
  }
}
