package io.querytester.server;

import io.querytester.BadInputException;
import java.util.Locale;

/**
 * TLS modes, as the mysql client and Connector/J name them. The names go to Connector/J's {@code
 * sslMode} unchanged.
 */
public enum SslMode {
  /** No TLS. */
  DISABLED,
  /** TLS when the server offers it, else plain (the mysql client's default). */
  PREFERRED,
  /** TLS or no connection; the certificate is not checked. */
  REQUIRED,
  /** TLS, and the server certificate must be signed by a trusted CA (--ssl-ca). */
  VERIFY_CA,
  /** Like VERIFY_CA, and the certificate must name the host connected to. */
  VERIFY_IDENTITY;

  /**
   * Reads {@code verify-ca}, {@code VERIFY_CA}, {@code required} ...; {@code what} names the input.
   */
  public static SslMode parse(String text, String what) {
    String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
    for (SslMode m : values()) {
      if (m.name().equals(t)) {
        return m;
      }
    }
    throw new BadInputException(
        what
            + " '"
            + text
            + "' is not a TLS mode; use DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY");
  }

  /** True for the modes that check the server certificate against a CA. */
  public boolean verifies() {
    return this == VERIFY_CA || this == VERIFY_IDENTITY;
  }
}
