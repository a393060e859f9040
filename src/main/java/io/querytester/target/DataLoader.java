package io.querytester.target;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Applies an SQL file (a mysqldump or mariadb-dump, gzip allowed) to a target, so OLD and NEW start
 * from the same data. Stops at the first failing statement and names its line.
 */
public final class DataLoader {
  private final Consumer<String> progress;

  public DataLoader(Consumer<String> progress) {
    this.progress = progress;
  }

  /** Loads {@code file} into {@code target}; returns the number of statements run. */
  public long load(Target target, Path file) {
    AtomicLong bytes = new AtomicLong();
    long size = size(file);
    long statements = 0;
    long lastReport = System.nanoTime();
    try (Reader reader = open(file, bytes);
        Connection c = target.connect();
        Statement st = c.createStatement()) {
      // The server gets the text as written: no JDBC {escape} rewriting, and no client-side scan
      // of multi-megabyte INSERTs for it.
      st.setEscapeProcessing(false);
      for (SqlScript.Statement s : new SqlScript(reader)) {
        try {
          st.execute(s.sql());
        } catch (SQLException e) {
          throw new BadInputException(
              String.format(
                  Locale.ROOT,
                  "loading %s into %s stopped at line %d: ERROR %d (%s): %s",
                  file,
                  target.label(),
                  s.line(),
                  e.getErrorCode(),
                  e.getSQLState(),
                  e.getMessage()));
        }
        statements++;
        if (System.nanoTime() - lastReport > 2_000_000_000L) {
          lastReport = System.nanoTime();
          progress.accept(
              String.format(
                  Locale.ROOT,
                  "loading %s into %s: %,d statements, %d%%",
                  file.getFileName(),
                  target.label(),
                  statements,
                  size > 0 ? Math.min(100, bytes.get() * 100 / size) : 0));
        }
      }
    } catch (NoSuchFileException e) {
      throw new BadInputException("--load file " + file + " does not exist");
    } catch (IOException | UncheckedIOException e) {
      throw new BadInputException("cannot read --load file " + file + ": " + e.getMessage(), e);
    } catch (SQLException e) {
      throw new CannotRunException(
          "cannot connect to " + target.label() + " to load " + file + ": " + e.getMessage(), e);
    }
    progress.accept(
        String.format(
            Locale.ROOT,
            "loaded %s into %s: %,d statements",
            file.getFileName(),
            target.label(),
            statements));
    return statements;
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  private static Reader open(Path file, AtomicLong bytes) throws IOException {
    InputStream raw =
        new FilterInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
          @Override
          public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
              bytes.incrementAndGet();
            }
            return c;
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
              bytes.addAndGet(n);
            }
            return n;
          }
        };
    raw.mark(2);
    boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
    raw.reset();
    InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
    return new java.io.BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }
}
