package io.querytester.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away CA and a server certificate it signed (for 127.0.0.1 and localhost), as PEM files a
 * MariaDB server reads. Made with the JDK's keytool, so tests need no openssl.
 *
 * @param ca the CA certificate (PEM), for --ssl-ca
 * @param cert the server certificate (PEM), for the server's ssl_cert
 * @param key the server's private key (PKCS#8 PEM), for the server's ssl_key
 */
public record TestCerts(Path ca, Path cert, Path key) {
  private static final String STORE_PASSWORD = "test-only";

  public static TestCerts create(Path dir) throws Exception {
    Files.createDirectories(dir);
    Path caStore = dir.resolve("ca.p12");
    Path serverStore = dir.resolve("server.p12");
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-dname",
        "CN=querytester IT CA",
        "-ext",
        "bc:c",
        "-validity",
        "3",
        "-keystore",
        caStore.toString(),
        "-storetype",
        "PKCS12");
    keytool(
        dir,
        "-genkeypair",
        "-alias",
        "server",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-dname",
        "CN=localhost",
        "-validity",
        "3",
        "-keystore",
        serverStore.toString(),
        "-storetype",
        "PKCS12");
    keytool(
        dir,
        "-certreq",
        "-alias",
        "server",
        "-keystore",
        serverStore.toString(),
        "-file",
        dir.resolve("server.csr").toString());
    keytool(
        dir,
        "-gencert",
        "-alias",
        "ca",
        "-keystore",
        caStore.toString(),
        "-infile",
        dir.resolve("server.csr").toString(),
        "-outfile",
        dir.resolve("server-cert.pem").toString(),
        "-rfc",
        "-ext",
        "SAN=IP:127.0.0.1,DNS:localhost",
        "-validity",
        "3");
    keytool(
        dir,
        "-exportcert",
        "-alias",
        "ca",
        "-keystore",
        caStore.toString(),
        "-rfc",
        "-file",
        dir.resolve("ca.pem").toString());
    Path key = dir.resolve("server-key.pem");
    Files.writeString(key, pem(privateKey(serverStore)), StandardCharsets.US_ASCII);
    return new TestCerts(dir.resolve("ca.pem"), dir.resolve("server-cert.pem"), key);
  }

  private static Key privateKey(Path store) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, STORE_PASSWORD.toCharArray());
    }
    return ks.getKey("server", STORE_PASSWORD.toCharArray());
  }

  private static String pem(Key key) {
    String b64 =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
    return "-----BEGIN PRIVATE KEY-----\n" + b64 + "\n-----END PRIVATE KEY-----\n";
  }

  private static void keytool(Path dir, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("-storepass", STORE_PASSWORD, "-noprompt"));
    Path log = dir.resolve("keytool.log");
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool " + args[0] + " failed: " + Files.readString(log));
    }
  }
}
