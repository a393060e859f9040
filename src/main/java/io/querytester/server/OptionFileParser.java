package io.querytester.server;

import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads one MySQL option file with the rules of the MySQL and MariaDB clients (mysys {@code
 * my_default}): {@code [group]} headers, {@code name} and {@code name = value} lines, {@code #} and
 * {@code ;} comment lines, a {@code #} outside quotes ends a line, values trimmed and unquoted
 * ({@code '...'} or {@code "..."}), the escapes {@code \n \t \r \b \s \" \' \\} (any other
 * backslash is kept), {@code !include FILE} and {@code !includedir DIR} (its {@code *.cnf} files).
 *
 * <p>Where we differ on purpose: files of an {@code !includedir} are read in name order (MySQL
 * promises no order), and a relative include path is taken from the including file's folder.
 */
final class OptionFileParser {
  /** The include depth at which MySQL stops following {@code !include}. */
  static final int MAX_DEPTH = 10;

  /**
   * One option line.
   *
   * @param group the group it is in, as written
   * @param name the option name, as written
   * @param value the value, unquoted and unescaped; null when the line has no {@code =}
   * @param file where it was read
   * @param line the 1-based line in {@code file}
   */
  record Entry(String group, String name, String value, Path file, int line) {
    @Override
    public String toString() {
      // Values may be passwords.
      return "Entry[" + group + "." + name + " at " + file + ":" + line + "]";
    }
  }

  private final Consumer<String> warnings;
  private final List<Entry> entries = new ArrayList<>();

  private OptionFileParser(Consumer<String> warnings) {
    this.warnings = warnings;
  }

  /** All option lines of {@code file} and its includes, in reading order. */
  static List<Entry> read(Path file, Consumer<String> warnings) {
    OptionFileParser p = new OptionFileParser(warnings);
    p.file(file, 0);
    return p.entries;
  }

  /** The option lines of a text read from {@code file} by other means (the login path file). */
  static List<Entry> readText(Path file, String text, Consumer<String> warnings) {
    OptionFileParser p = new OptionFileParser(warnings);
    p.text(file, text, 0);
    return p.entries;
  }

  private void file(Path file, int depth) {
    if (worldWritable(file)) {
      // As mysys does: a file anyone can write must not choose our account or CA.
      warnings.accept("world-writable option file " + file + " is ignored");
      return;
    }
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BadInputException("cannot read option file " + file + ": " + e.getMessage(), e);
    }
    text(file, text, depth);
  }

  private void text(Path file, String text, int depth) {
    String group = null;
    int lineNo = 0;
    for (String raw : text.split("\n", -1)) {
      lineNo++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("!")) {
        directive(file, lineNo, line.substring(1).strip(), depth);
      } else if (line.startsWith("[")) {
        int end = line.indexOf(']');
        if (end < 0) {
          throw new BadInputException(
              file + ":" + lineNo + ": a group header needs a closing ']', e.g. [client]");
        }
        group = line.substring(1, end).strip();
      } else if (group == null) {
        throw new BadInputException(
            file + ":" + lineNo + ": option outside of any group; put [client] above it");
      } else {
        entries.add(option(group, removeEndComment(line), file, lineNo));
      }
    }
  }

  private void directive(Path file, int lineNo, String rest, int depth) {
    String keyword = rest.split("\\s", 2)[0];
    if (!keyword.equals("include") && !keyword.equals("includedir")) {
      return; // mysys ignores unknown directives
    }
    String arg = rest.substring(keyword.length()).strip();
    if (arg.isEmpty()) {
      throw new BadInputException(file + ":" + lineNo + ": '!" + keyword + "' needs a path");
    }
    if (depth + 1 >= MAX_DEPTH) {
      warnings.accept(
          file + ":" + lineNo + ": '!" + keyword + "' skipped: includes nest deeper than 10");
      return;
    }
    Path target = file.toAbsolutePath().getParent().resolve(arg);
    if (keyword.equals("include")) {
      if (Files.isRegularFile(target)) {
        file(target, depth + 1);
      } else {
        warnings.accept(file + ":" + lineNo + ": included file " + target + " does not exist");
      }
      return;
    }
    List<Path> cnf = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(target, "*.cnf")) {
      dir.forEach(cnf::add);
    } catch (IOException e) {
      throw new BadInputException(
          file + ":" + lineNo + ": cannot read !includedir " + target + ": " + e.getMessage(), e);
    }
    cnf.sort(null);
    for (Path p : cnf) {
      if (Files.isRegularFile(p)) {
        file(p, depth + 1);
      }
    }
  }

  private static Entry option(String group, String line, Path file, int lineNo) {
    int eq = line.indexOf('=');
    if (eq < 0) {
      return new Entry(group, line.strip(), null, file, lineNo);
    }
    String name = line.substring(0, eq).strip();
    String value = line.substring(eq + 1).strip();
    if (value.length() > 1
        && (value.charAt(0) == '"' || value.charAt(0) == '\'')
        && value.charAt(value.length() - 1) == value.charAt(0)) {
      value = value.substring(1, value.length() - 1);
    }
    return new Entry(group, name, unescape(value), file, lineNo);
  }

  /**
   * Cuts the line at a {@code #} outside quotes; a backslash escapes a quote only inside quotes.
   */
  static String removeEndComment(String line) {
    char quote = 0;
    boolean escape = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if ((c == '\'' || c == '"') && !escape) {
        if (quote == 0) {
          quote = c;
        } else if (quote == c) {
          quote = 0;
        }
      }
      if (quote == 0 && c == '#') {
        return line.substring(0, i).strip();
      }
      escape = quote != 0 && c == '\\' && !escape;
    }
    return line;
  }

  static String unescape(String v) {
    StringBuilder sb = new StringBuilder(v.length());
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c != '\\' || i == v.length() - 1) {
        sb.append(c);
        continue;
      }
      char n = v.charAt(++i);
      switch (n) {
        case 'n' -> sb.append('\n');
        case 't' -> sb.append('\t');
        case 'r' -> sb.append('\r');
        case 'b' -> sb.append('\b');
        case 's' -> sb.append(' ');
        case '"', '\'', '\\' -> sb.append(n);
        default -> sb.append('\\').append(n);
      }
    }
    return sb.toString();
  }

  private static boolean worldWritable(Path file) {
    try {
      PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
      return a.isRegularFile() && a.permissions().contains(PosixFilePermission.OTHERS_WRITE);
    } catch (UnsupportedOperationException | IOException e) {
      return false;
    }
  }
}
