package io.querytester.server;

import java.util.Arrays;

/**
 * A password. Its {@code toString} is a mask, so it cannot leak into a log line, an exception
 * message or a report by accident; only {@link #reveal()} gives the text, for the JDBC driver.
 */
public final class Secret {
  public static final Secret NONE = new Secret(new char[0]);

  private final char[] value;

  private Secret(char[] value) {
    this.value = value;
  }

  public static Secret of(String value) {
    return value == null ? NONE : new Secret(value.toCharArray());
  }

  public static Secret of(char[] value) {
    return value == null ? NONE : new Secret(Arrays.copyOf(value, value.length));
  }

  public boolean isEmpty() {
    return value.length == 0;
  }

  public String reveal() {
    return new String(value);
  }

  @Override
  public String toString() {
    return isEmpty() ? "" : "****";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Secret s && Arrays.equals(value, s.value);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(value);
  }
}
