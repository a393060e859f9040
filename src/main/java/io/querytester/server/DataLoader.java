package io.querytester.server;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import io.querytester.CountingInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
 * from the same data. Stops at the first failing statement and names its line; stops early, between
 * statements, when its thread is interrupted (the other side failed).
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
    progress.accept("loading " + file + " into " + target.label() + " ...");
    try (Reader reader = open(file, bytes);
        Connection c = target.connectForLoad();
        Statement st = c.createStatement()) {
      // The server gets the text as written: no JDBC {escape} rewriting, and no client-side scan
      // of multi-megabyte INSERTs for it.
      st.setEscapeProcessing(false);
      for (SqlScript.Statement s : new SqlScript(reader)) {
        if (Thread.currentThread().isInterrupted()) {
          throw new CannotRunException(
              "loading " + file + " into " + target.label() + " was stopped at line " + s.line());
        }
        try {
          st.execute(s.sql());
        } catch (SQLException e) {
          if (SqlStates.connectionGone(e)) {
            throw new CannotRunException(
                String.format(
                    Locale.ROOT,
                    "loading %s into %s: lost the connection at line %d: %s",
                    file,
                    target.label(),
                    s.line(),
                    e.getMessage()),
                e);
          }
          throw new BadInputException(
              String.format(
                  Locale.ROOT,
                  "loading %s into %s stopped at line %d: ERROR %d (%s): %s;"
                      + " fix or remove that statement and run again",
                  file,
                  target.label(),
                  s.line(),
                  e.getErrorCode(),
                  e.getSQLState(),
                  utf8(e.getMessage())));
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

  /**
   * The server sends messages in the session's character set (utf8mb4 unless the dump changed it)
   * and the load connection decodes them as ISO-8859-1: decode the bytes again when they are UTF-8.
   */
  static String utf8(String message) {
    if (message == null) {
      return null;
    }
    byte[] bytes = message.getBytes(StandardCharsets.ISO_8859_1);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return message;
    }
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
        new CountingInputStream(
            new BufferedInputStream(Files.newInputStream(file), 1 << 16), bytes);
    raw.mark(2);
    boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
    raw.reset();
    InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
    // One char per byte: binary strings in the dump reach the server unchanged (connectForLoad).
    return new java.io.BufferedReader(
        new InputStreamReader(in, StandardCharsets.ISO_8859_1), 1 << 16);
  }
}
