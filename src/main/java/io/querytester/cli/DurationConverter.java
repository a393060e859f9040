package io.querytester.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads durations as people write them: {@code 100ms}, {@code 30s}, {@code 5m}, {@code 1h}, or ISO.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

  @Override
  public Duration convert(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    Matcher m = SHORT.matcher(v);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "s" : m.group(2);
      return switch (unit) {
        case "ms" -> Duration.ofMillis(n);
        case "m" -> Duration.ofMinutes(n);
        case "h" -> Duration.ofHours(n);
        default -> Duration.ofSeconds(n);
      };
    }
    try {
      return Duration.parse(value.strip().toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration; write e.g. 100ms, 30s, 5m or 1h");
    }
  }
}
