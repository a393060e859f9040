package io.querytester.advisor;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import io.querytester.OwnerOnly;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The advisor's HTML pages: jmustache templates beside this class, which escape every value for
 * HTML by default, so no statement text or server message can inject markup.
 */
final class Templates {
  private Templates() {}

  static void render(String name, Object context, Path file) throws IOException {
    Template t = compile(name);
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (Writer w = OwnerOnly.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      t.execute(context, w);
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
  }

  private static Template compile(String name) throws IOException {
    try (InputStream in = Templates.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("template " + name + " is missing from the build");
      }
      return Mustache.compiler()
          .escapeHTML(true)
          .defaultValue("")
          .compile(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
  }
}
