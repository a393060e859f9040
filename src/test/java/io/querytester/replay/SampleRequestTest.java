package io.querytester.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SampleRequestTest {
  private static DigestBuilder.BucketSet all() {
    DigestBuilder.BucketSet s = new DigestBuilder.BucketSet();
    for (int b = 0; b < DigestBuilder.BUCKETS; b++) {
      s.add(b);
    }
    return s;
  }

  @Test
  void smallResultsKeepSeveralWholeBuckets() {
    StatementRunner.SampleRequest r = StatementRunner.SampleRequest.sized(all(), 1000, 8, 50_000);
    assertThat(r.buckets().size()).isEqualTo(8);
    assertThat(r.subLimit()).isEqualTo(256);
  }

  @Test
  void tenMillionRowsKeepOneWholeBucketUnderTheCap() {
    StatementRunner.SampleRequest r =
        StatementRunner.SampleRequest.sized(all(), 10_000_000, 8, 50_000);
    assertThat(r.buckets().size()).isEqualTo(1);
    assertThat(r.subLimit()).isEqualTo(256);
  }

  @Test
  void hugeResultsKeepPartOfABucketSoMemoryStaysBounded() {
    StatementRunner.SampleRequest r =
        StatementRunner.SampleRequest.sized(all(), 1_000_000_000L, 8, 50_000);
    assertThat(r.buckets().size()).isEqualTo(1);
    long expectedRows = 1_000_000_000L / 256 * r.subLimit() / 256;
    assertThat(expectedRows).isLessThanOrEqualTo(50_000);
    assertThat(r.subLimit()).isPositive();
  }
}
