package io.querytester.server;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Properties;

/**
 * The CA certificates a server's TLS certificate must chain to ({@code --ssl-ca FILE}, a PEM file
 * as the mysql client takes it).
 *
 * <p>Connector/J reads trusted CAs only from a key store ({@code trustCertificateKeyStoreUrl}, JKS
 * or PKCS12), not from PEM. So the certificates are read and checked when the options are read (a
 * bad file stops the tool before any server is touched), and written once, on first use, to a
 * PKCS12 trust store in a private temporary file that is removed when the JVM exits. The store
 * holds only public certificates; its random password only satisfies the key store API.
 */
public final class CaFile {
  private final Path source;
  private final List<X509Certificate> certificates;
  private Path store;
  private String storePassword;

  private CaFile(Path source, List<X509Certificate> certificates) {
    this.source = source;
    this.certificates = List.copyOf(certificates);
  }

  /**
   * Reads a PEM (or DER) file of one or more X.509 certificates; {@code option} names the input.
   */
  public static CaFile load(Path pem, String option) {
    List<X509Certificate> certs = new ArrayList<>();
    try (InputStream in = Files.newInputStream(pem)) {
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        certs.add((X509Certificate) c);
      }
    } catch (NoSuchFileException e) {
      throw new BadInputException(option + " " + pem + ": no such file");
    } catch (IOException | CertificateException e) {
      throw new BadInputException(
          option
              + " "
              + pem
              + " is not a PEM file of CA certificates ("
              + e.getMessage()
              + "); give the CA certificate the server's certificate is signed with, e.g. ca.pem");
    }
    if (certs.isEmpty()) {
      throw new BadInputException(
          option + " " + pem + " holds no certificate; give the PEM file of the server's CA");
    }
    return new CaFile(pem, certs);
  }

  public Path source() {
    return source;
  }

  public List<X509Certificate> certificates() {
    return certificates;
  }

  /** Adds Connector/J's trust store properties; only these CAs are trusted. */
  synchronized void addTo(Properties p) {
    if (store == null) {
      writeStore();
    }
    p.setProperty("trustCertificateKeyStoreUrl", store.toUri().toString());
    p.setProperty("trustCertificateKeyStoreType", "PKCS12");
    p.setProperty("trustCertificateKeyStorePassword", storePassword);
    p.setProperty("fallbackToSystemTrustStore", "false");
  }

  private void writeStore() {
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      for (int i = 0; i < certificates.size(); i++) {
        ks.setCertificateEntry("ca-" + i, certificates.get(i));
      }
      Path file = Files.createTempFile("querytester-ca-", ".p12", ownerOnly());
      file.toFile().deleteOnExit();
      try (OutputStream out = Files.newOutputStream(file)) {
        ks.store(out, password.toCharArray());
      }
      store = file;
      storePassword = password;
    } catch (IOException | GeneralSecurityException e) {
      throw new CannotRunException(
          "cannot write a trust store for " + source + ": " + e.getMessage(), e);
    }
  }

  private static FileAttribute<?>[] ownerOnly() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
        ? new FileAttribute<?>[] {
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
        }
        : new FileAttribute<?>[0];
  }

  @Override
  public String toString() {
    return "CaFile[" + source + ", " + certificates.size() + " certificate(s)]";
  }
}
