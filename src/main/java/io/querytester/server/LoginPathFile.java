package io.querytester.server;

import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.function.Consumer;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * MySQL's login path file ({@code ~/.mylogin.cnf}, written by {@code mysql_config_editor}): option
 * groups such as {@code [client]} or {@code [db1]} kept obfuscated, not encrypted, as MySQL says
 * itself. Layout: 4 unused bytes, a 20-byte key folded by XOR into a 16-byte AES key, then for each
 * line a 4-byte little-endian length and that many bytes of AES-128-ECB with PKCS#5 padding.
 */
final class LoginPathFile {
  private static final int UNUSED = 4;
  private static final int KEY_LENGTH = 20;

  private LoginPathFile() {}

  /** The option lines of {@code file}; none when it does not exist. */
  static List<OptionFileParser.Entry> read(Path file, Consumer<String> warnings) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      return OptionFileParser.readText(file, decrypt(Files.readAllBytes(file), file), warnings);
    } catch (IOException e) {
      throw new BadInputException("cannot read login path file " + file + ": " + e.getMessage(), e);
    }
  }

  static String decrypt(byte[] bytes, Path file) {
    if (bytes.length < UNUSED + KEY_LENGTH) {
      throw new BadInputException(
          "login path file "
              + file
              + " is too short to be one; recreate it with mysql_config_editor");
    }
    byte[] key = new byte[16];
    for (int i = 0; i < KEY_LENGTH; i++) {
      key[i % 16] ^= bytes[UNUSED + i];
    }
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    in.position(UNUSED + KEY_LENGTH);
    StringBuilder text = new StringBuilder();
    try {
      Cipher aes = Cipher.getInstance("AES/ECB/PKCS5Padding");
      aes.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"));
      while (in.remaining() >= 4) {
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
          throw new BadInputException(
              "login path file " + file + " is cut short; recreate it with mysql_config_editor");
        }
        byte[] chunk = new byte[n];
        in.get(chunk);
        text.append(new String(aes.doFinal(chunk), StandardCharsets.UTF_8));
      }
    } catch (GeneralSecurityException e) {
      throw new BadInputException(
          "cannot read login path file " + file + " (" + e.getMessage() + ")", e);
    }
    return text.toString();
  }
}
