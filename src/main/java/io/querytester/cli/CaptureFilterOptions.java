package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.capture.CaptureFilter;
import io.querytester.workload.StatementKind;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** Which captured events to keep; every option may be repeated or given a comma list. */
final class CaptureFilterOptions {
  @Option(
      names = "--include-schema",
      split = ",",
      paramLabel = "DB",
      description = "Keep only these default schemas.")
  List<String> includeSchemas = List.of();

  @Option(
      names = "--exclude-schema",
      split = ",",
      paramLabel = "DB",
      description = "Drop these default schemas.")
  List<String> excludeSchemas = List.of();

  @Option(
      names = "--include-user",
      split = ",",
      paramLabel = "USER",
      description = "Keep only these users.")
  List<String> includeUsers = List.of();

  @Option(
      names = "--exclude-user",
      split = ",",
      paramLabel = "USER",
      description = "Drop these users.")
  List<String> excludeUsers = List.of();

  @Option(
      names = "--include-kind",
      split = ",",
      paramLabel = "KIND",
      description =
          "Keep only these statement kinds: read, write, ddl, session, transaction, admin, other.")
  List<String> includeKinds = List.of();

  @Option(
      names = "--exclude-kind",
      split = ",",
      paramLabel = "KIND",
      description = "Drop these statement kinds.")
  List<String> excludeKinds = List.of();

  @Option(
      names = "--match",
      paramLabel = "REGEX",
      description = "Keep only statements in which REGEX is found.")
  String match;

  @Option(
      names = "--exclude-match",
      paramLabel = "REGEX",
      description = "Drop statements in which REGEX is found.")
  String excludeMatch;

  @Option(
      names = "--include-class",
      split = ",",
      paramLabel = "ID",
      description = "Keep only these query class ids.")
  List<String> includeClasses = List.of();

  @Option(
      names = "--exclude-class",
      split = ",",
      paramLabel = "ID",
      description = "Drop these query class ids.")
  List<String> excludeClasses = List.of();

  @Option(
      names = "--sample",
      paramLabel = "N",
      defaultValue = "1",
      description = "Keep one event in N (default: all).")
  int sampleOneIn;

  @Option(
      names = "--max-per-class",
      paramLabel = "M",
      defaultValue = "0",
      description = "Keep at most M events per query class.")
  int maxPerClass;

  CaptureFilter filter() {
    if (sampleOneIn < 1) {
      throw new BadInputException("--sample must be 1 or more (one event in N)");
    }
    if (maxPerClass < 0) {
      throw new BadInputException("--max-per-class must not be negative");
    }
    return new CaptureFilter(
        Set.copyOf(includeSchemas),
        Set.copyOf(excludeSchemas),
        Set.copyOf(includeUsers),
        Set.copyOf(excludeUsers),
        kinds("--include-kind", includeKinds),
        kinds("--exclude-kind", excludeKinds),
        regex("--match", match),
        regex("--exclude-match", excludeMatch),
        classIds("--include-class", includeClasses),
        classIds("--exclude-class", excludeClasses),
        sampleOneIn,
        maxPerClass);
  }

  private static Set<StatementKind> kinds(String option, List<String> names) {
    Set<StatementKind> kinds = new LinkedHashSet<>();
    for (String n : names) {
      try {
        kinds.add(StatementKind.valueOf(n.strip().toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw new BadInputException(
            option
                + " "
                + n
                + ": not a statement kind; use one of "
                + Arrays.stream(StatementKind.values())
                    .map(k -> k.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(", ")));
      }
    }
    return kinds;
  }

  private static Pattern regex(String option, String regex) {
    if (regex == null) {
      return null;
    }
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new BadInputException(
          option + " " + regex + ": not a valid regex: " + e.getDescription());
    }
  }

  private static Set<String> classIds(String option, List<String> ids) {
    for (String id : ids) {
      if (!id.matches("(?i)(0x)?[0-9a-f]{1,32}")) {
        throw new BadInputException(
            option + " " + id + ": a class id is 16 hex digits, as `workload stats` shows it");
      }
    }
    // pt-query-digest prints ids as 0x<32 hex digits>; both that and our 16 digits are accepted.
    return ids.stream()
        .map(id -> id.replaceFirst("(?i)^0x", ""))
        .map(id -> id.length() > 16 ? id.substring(id.length() - 16) : id)
        .collect(Collectors.toSet());
  }
}
