import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hasher128;
import com.dynatrace.hash4j.hashing.Hashing;
import java.util.SplittableRandom;
import net.openhft.hashing.LongTupleHashFunction;

/** Same values first (every length to 2,000 bytes), then ns per row, best of 5 rounds. */
public class RowHashBench {
  public static void main(String[] args) {
    LongTupleHashFunction old = LongTupleHashFunction.xx128();
    Hasher128 now = Hashing.xxh3_128();
    SplittableRandom r = new SplittableRandom(1);
    long[] o = new long[2];
    for (int len = 0; len < 2000; len++) {
      byte[] b = bytes(r, len);
      old.hashBytes(b, 0, len, o);
      HashValue128 v = now.hashBytesTo128Bits(b, 0, len);
      if (o[0] != v.getLeastSignificantBits() || o[1] != v.getMostSignificantBits()) {
        throw new AssertionError("hash values differ at length " + len);
      }
    }
    System.out.println("same 128-bit values for every length 0..1999");
    System.out.println("row bytes   zero-allocation-hashing   hash4j   (ns per row, best of 5)");
    for (int size : new int[] {16, 32, 64, 128, 256, 1024, 8192}) {
      byte[][] rows = new byte[1024][];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = bytes(r, size);
      }
      int n = Math.max(200_000, 40_000_000 / size);
      double bestOld = Double.MAX_VALUE;
      double bestNow = Double.MAX_VALUE;
      for (int round = 0; round < 5; round++) {
        bestOld = Math.min(bestOld, timeOld(old, rows, n));
        bestNow = Math.min(bestNow, timeNow(now, rows, n));
      }
      System.out.printf("%9d   %23.1f   %6.1f%n", size, bestOld, bestNow);
    }
    System.out.println(sink == 42 ? "" : "");
  }

  static long sink;

  // One method per library, so that neither loop's profile or OSR compilation shapes the other's.
  private static double timeOld(LongTupleHashFunction f, byte[][] rows, int n) {
    long[] o = new long[2];
    long s = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      byte[] b = rows[i & 1023];
      f.hashBytes(b, 0, b.length, o);
      s += o[0];
    }
    long t = System.nanoTime() - t0;
    sink += s;
    return t / (double) n;
  }

  private static double timeNow(Hasher128 f, byte[][] rows, int n) {
    long s = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      byte[] b = rows[i & 1023];
      s += f.hashBytesTo128Bits(b, 0, b.length).getLeastSignificantBits();
    }
    long t = System.nanoTime() - t0;
    sink += s;
    return t / (double) n;
  }

  private static byte[] bytes(SplittableRandom r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }
}
