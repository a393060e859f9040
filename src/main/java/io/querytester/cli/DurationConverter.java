package io.querytester.cli;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/** Reads durations as people write them: 500ms, 30s, 10m, 2h, or ISO-8601 (PT30S). */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    try {
      if (v.startsWith("pt") || v.startsWith("p")) {
        return Duration.parse(value.strip().toUpperCase(Locale.ROOT));
      }
      if (v.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
      }
      long n = Long.parseLong(v.substring(0, v.length() - 1));
      return switch (v.charAt(v.length() - 1)) {
        case 's' -> Duration.ofSeconds(n);
        case 'm' -> Duration.ofMinutes(n);
        case 'h' -> Duration.ofHours(n);
        case 'd' -> Duration.ofDays(n);
        default -> Duration.ofSeconds(Long.parseLong(v));
      };
    } catch (RuntimeException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration; write e.g. 500ms, 30s, 10m or 2h");
    }
  }
}
