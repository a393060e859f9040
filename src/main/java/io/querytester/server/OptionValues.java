package io.querytester.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The options read from option files, the last line for each name winning. Names compare as the
 * mysql client compares them: {@code ssl_mode} is {@code ssl-mode}, and a {@code loose-} prefix is
 * dropped. Values may be passwords: nothing here prints one.
 */
public final class OptionValues {
  public static final OptionValues NONE = new OptionValues(List.of());

  private final Map<String, OptionFileParser.Entry> last = new LinkedHashMap<>();

  OptionValues(List<OptionFileParser.Entry> entries) {
    for (OptionFileParser.Entry e : entries) {
      last.put(normalize(e.name()), e);
    }
  }

  static String normalize(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT).replace('_', '-');
    return n.startsWith("loose-") ? n.substring("loose-".length()) : n;
  }

  /** Whether the option is given at all, with or without a value. */
  public boolean has(String name) {
    return last.containsKey(normalize(name));
  }

  /** The option's value; empty when absent or given without a value. */
  public Optional<String> value(String name) {
    OptionFileParser.Entry e = last.get(normalize(name));
    return e == null ? Optional.empty() : Optional.ofNullable(e.value());
  }

  /** The password, if one is given with a value. */
  public Optional<Secret> password() {
    return value("password").map(Secret::of);
  }

  /** {@code password} without a value: the mysql client then asks for it. */
  public boolean passwordWithoutValue() {
    OptionFileParser.Entry e = last.get("password");
    return e != null && e.value() == null;
  }

  /** Where an option was read, {@code file:line}, for messages. */
  public String where(String name) {
    OptionFileParser.Entry e = last.get(normalize(name));
    return e == null ? "(not set)" : e.file() + ":" + e.line();
  }

  @Override
  public String toString() {
    return "OptionValues" + last.keySet();
  }
}
