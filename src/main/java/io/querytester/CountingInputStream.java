package io.querytester;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the bytes read through it into a counter another thread may read: how far into a file a
 * reader is, for a progress line (the file's bytes as stored, before any gzip).
 */
public final class CountingInputStream extends FilterInputStream {
  private final AtomicLong count;

  public CountingInputStream(InputStream in, AtomicLong count) {
    super(in);
    this.count = count;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count.incrementAndGet();
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    if (n > 0) {
      count.addAndGet(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long k = super.skip(n);
    count.addAndGet(k);
    return k;
  }
}
