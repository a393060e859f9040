package io.querytester.report;

import io.querytester.XmlWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Writes HTML (and inline SVG) so that a value from the run can only ever be text: element and
 * attribute names are the code's own constants, every text and attribute value is escaped, and the
 * only unescaped content is the page's own style and script, read from the jar. Tags are closed in
 * order by {@link #close()}, so the nesting cannot go wrong either.
 */
final class Html {
  private final Writer w;
  private final Deque<String> open = new ArrayDeque<>();

  Html(Writer w) {
    this.w = w;
  }

  /** Opens an element; {@code attrs} are name, value pairs, a pair with a null value left out. */
  Html open(String tag, String... attrs) {
    tag(tag, attrs);
    open.push(tag);
    return this;
  }

  /** Closes the element opened last. */
  Html close() {
    return put("</").put(open.pop()).put(">");
  }

  /** Closes elements up to and including the last {@code tag}. */
  Html close(String tag) {
    while (!open.isEmpty()) {
      String t = open.pop();
      put("</").put(t).put(">");
      if (t.equals(tag)) {
        return this;
      }
    }
    throw new IllegalStateException("no open <" + tag + ">");
  }

  /** An element without content or end tag (br, meta, input). */
  Html single(String tag, String... attrs) {
    return tag(tag, attrs);
  }

  /** An element holding text. */
  Html el(String tag, Object text, String... attrs) {
    return open(tag, attrs).text(text).close();
  }

  /** Escaped text; null writes nothing. */
  Html text(Object text) {
    return text == null ? this : put(escape(String.valueOf(text)));
  }

  /** The page's own style or script, read from the jar: never a value from the run. */
  Html trusted(Resource resource) {
    return put(resource.text());
  }

  Html doctype() {
    return put("<!DOCTYPE html>\n");
  }

  Html newline() {
    return put("\n");
  }

  private Html tag(String tag, String... attrs) {
    if (attrs.length % 2 != 0) {
      throw new IllegalArgumentException("attributes come in name, value pairs: <" + tag + ">");
    }
    put("<").put(tag);
    for (int i = 0; i < attrs.length; i += 2) {
      if (attrs[i + 1] != null) {
        put(" ").put(attrs[i]).put("=\"").put(escape(attrs[i + 1])).put("\"");
      }
    }
    return put(">");
  }

  private Html put(String s) {
    try {
      w.write(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /**
   * Escapes {@code & < > " '} and replaces characters XML 1.0 cannot hold with U+FFFD, so that a
   * value from a database can neither end an element or attribute nor break the document.
   */
  static String escape(String s) {
    String clean = XmlWriter.clean(s);
    StringBuilder b = null;
    for (int i = 0; i < clean.length(); i++) {
      char c = clean.charAt(i);
      String r =
          switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '"' -> "&quot;";
            case '\'' -> "&#39;";
            default -> null;
          };
      if (r != null && b == null) {
        b = new StringBuilder(clean.length() + 16).append(clean, 0, i);
      }
      if (b != null) {
        if (r != null) {
          b.append(r);
        } else {
          b.append(c);
        }
      }
    }
    return b == null ? clean : b.toString();
  }

  /** The style sheet and script that ship inside the jar. */
  enum Resource {
    CSS("report.css"),
    JS("report.js"),
    /** Records the page's errors in its own DOM, so that a test can see a failing script. */
    ERRORS("errors.js");

    private final String file;

    Resource(String file) {
      this.file = file;
    }

    String text() {
      try (InputStream in = Html.class.getResourceAsStream(file)) {
        if (in == null) {
          throw new IllegalStateException(file + " is missing from the application jar");
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
