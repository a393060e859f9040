package io.querytester.advisor;

import io.querytester.BadInputException;
import io.querytester.advisor.PrecheckReport.ClassHit;
import io.querytester.advisor.PrecheckReport.Finding;
import io.querytester.advisor.SchemaFacts.SchemaObject;
import io.querytester.server.Flavour;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Pre-checks an upgrade without the new server: the rules whose version lies between OLD and the
 * target, matched against one example of every query class of the workload and against OLD's schema
 * and variables (read-only).
 */
public final class Precheck {
  private final RuleBook book;
  private final Clock clock;

  public Precheck(RuleBook book, Clock clock) {
    this.book = book;
    this.clock = clock;
  }

  /**
   * What OLD is: a connection to read its schema and variables from (null to check statements
   * only), how to show it, and its version when there is no connection.
   */
  public record Old(Connection connection, String display, String version) {}

  public PrecheckReport run(Path workload, Old old, String target, Consumer<String> warnings) {
    TargetVersion tv = TargetVersion.parse(target);
    ClassSample.Workload w = ClassSample.read(workload, warnings);
    String oldVersionText = oldVersion(old, w);
    Flavour oldFlavour = Flavour.fromVersion(oldVersionText);
    Flavour flavour = tv.flavour() != null ? tv.flavour() : oldFlavour;
    if (flavour != oldFlavour) {
      warnings.accept(
          "OLD is "
              + oldFlavour.name().toLowerCase(Locale.ROOT)
              + " and the target "
              + flavour.name().toLowerCase(Locale.ROOT)
              + ": only the target family's rules are checked, not the differences between"
              + " the families");
    }
    Version oldVersion = Version.parse(oldVersionText);
    List<Rule> rules = book.crossed(flavour, oldVersion, tv.version());
    SchemaFacts facts =
        old.connection() == null
            ? new SchemaFacts(oldVersionText, java.util.Map.of(), List.of())
            : SchemaFacts.read(old.connection(), defaultVariables(rules));
    return new PrecheckReport(
        PrecheckReport.FORMAT,
        1,
        workload.toString(),
        old.display(),
        oldVersionText,
        target,
        tv.display(),
        flavour.name().toLowerCase(Locale.ROOT),
        clock.instant(),
        w.events(),
        w.classes().size(),
        rules.stream().map(Rule::id).toList(),
        old.connection() != null,
        findings(rules, w.classes(), facts));
  }

  private static String oldVersion(Old old, ClassSample.Workload w) {
    if (old.connection() != null) {
      try (var st = old.connection().createStatement();
          var rs = st.executeQuery("SELECT VERSION()")) {
        rs.next();
        return rs.getString(1);
      } catch (java.sql.SQLException e) {
        throw new io.querytester.CannotRunException(
            "cannot read OLD's version: " + e.getMessage(), e);
      }
    }
    if (old.version() != null) {
      return old.version();
    }
    if (w.header().serverVersion() != null) {
      return w.header().serverVersion();
    }
    throw new BadInputException(
        "OLD's version is unknown: give --old SPEC (its schema is checked too) or --old-version"
            + " 10.2.11 (the workload file does not name its server's version)");
  }

  private static List<String> defaultVariables(List<Rule> rules) {
    return rules.stream()
        .filter(r -> r.kind() == RuleKind.DEFAULT_CHANGE)
        .map(Rule::variable)
        .distinct()
        .toList();
  }

  static List<Finding> findings(List<Rule> rules, List<ClassSample> classes, SchemaFacts facts) {
    List<Finding> found = new ArrayList<>();
    for (Rule r : rules) {
      if (r.kind() == RuleKind.DEFAULT_CHANGE && !oldRunsOldDefault(r, facts)) {
        continue;
      }
      List<ClassHit> hits = classHits(r, classes);
      List<String> objects = schemaHits(r, facts);
      if (!hits.isEmpty() || !objects.isEmpty()) {
        found.add(
            new Finding(
                r.id(),
                r.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                r.severity().label(),
                r.since(),
                why(r, facts),
                r.fix(),
                r.source(),
                hits,
                hits.stream().mapToLong(ClassHit::events).sum(),
                objects.stream().limit(PrecheckReport.SCHEMA_SHOWN).toList(),
                objects.size()));
      }
    }
    found.sort(
        Comparator.comparing((Finding f) -> Severity.valueOf(f.severity().toUpperCase(Locale.ROOT)))
            .thenComparing(Comparator.comparingLong(Finding::events).reversed())
            .thenComparing(Finding::rule));
    return found;
  }

  private static List<ClassHit> classHits(Rule r, List<ClassSample> classes) {
    List<ClassHit> hits = new ArrayList<>();
    for (ClassSample c : classes) {
      if (!r.concerns(c.kind())) {
        continue;
      }
      for (ClassSample.Text t : c.texts()) {
        Optional<String> m = StatementMatcher.match(r, t.sql(), t.tokens());
        if (m.isPresent()) {
          hits.add(
              new ClassHit(
                  c.classId(),
                  c.kind().name().toLowerCase(Locale.ROOT),
                  c.events(),
                  m.get(),
                  t.sql()));
          break;
        }
      }
    }
    hits.sort(Comparator.comparingLong(ClassHit::events).reversed());
    return hits;
  }

  private static List<String> schemaHits(Rule r, SchemaFacts facts) {
    return switch (r.kind()) {
      case RESERVED_WORD ->
          facts.objects().stream()
              .filter(o -> r.names().contains(o.name().toUpperCase(Locale.ROOT)))
              .map(SchemaObject::display)
              .toList();
      case CHARSET ->
          facts.objects().stream()
              .filter(o -> usesCharset(r, o))
              .map(o -> o.display() + " (" + o.collation() + ")")
              .toList();
      default -> List.of();
    };
  }

  private static boolean usesCharset(Rule r, SchemaObject o) {
    return (o.charset() != null
            && StatementMatcher.charsetOrCollation(r, o.charset().toUpperCase(Locale.ROOT)))
        || (o.collation() != null
            && StatementMatcher.charsetOrCollation(r, o.collation().toUpperCase(Locale.ROOT)));
  }

  /**
   * Whether OLD runs with a value the new default changes: for a flag list (sql_mode) when OLD
   * lacks a flag that matters, else when the value differs. A variable OLD lacks: not known, so no
   * finding.
   */
  static boolean oldRunsOldDefault(Rule r, SchemaFacts facts) {
    String value = facts.variables().get(r.variable().toLowerCase(Locale.ROOT));
    if (value == null) {
      return false;
    }
    if (!r.flags().isEmpty()) {
      Set<String> have = flagSet(value);
      return r.flags().stream().anyMatch(f -> !have.contains(f.toUpperCase(Locale.ROOT)));
    }
    return !normalised(value).equals(normalised(r.newDefault()));
  }

  private static Set<String> flagSet(String value) {
    return Arrays.stream(value.toUpperCase(Locale.ROOT).split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toSet());
  }

  private static String normalised(String v) {
    String u = v.strip().toUpperCase(Locale.ROOT);
    return switch (u) {
      case "ON", "TRUE" -> "1";
      case "OFF", "FALSE" -> "0";
      default -> u;
    };
  }

  /** A default change says what OLD runs with, so the user sees why it applies. */
  private static String why(Rule r, SchemaFacts facts) {
    if (r.kind() != RuleKind.DEFAULT_CHANGE) {
      return r.why();
    }
    return r.why()
        + " OLD runs with "
        + r.variable()
        + "="
        + facts.variables().get(r.variable().toLowerCase(Locale.ROOT))
        + ".";
  }
}
