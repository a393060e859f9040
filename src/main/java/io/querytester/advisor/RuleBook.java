package io.querytester.advisor;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.querytester.server.Flavour;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules shipped with the tool: one YAML file per server version under {@code
 * io/querytester/advisor/rules/}, listed in {@code index.txt} there (a jar cannot be listed).
 * Loaded and checked once; a malformed rule file is our bug, so it fails loudly.
 */
public final class RuleBook {
  private static final String DIR = "/io/querytester/advisor/rules/";

  private static final ObjectMapper YAML =
      JsonMapper.builder(new YAMLFactory())
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private final List<Rule> rules;

  private RuleBook(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** A rule file: a version header, the server family and its rules. */
  record RuleFile(String format, int version, Flavour flavour, String series, List<Rule> rules) {}

  /** The shipped rules. */
  public static RuleBook shipped() {
    List<Rule> all = new ArrayList<>();
    for (String name : index()) {
      all.addAll(read(name));
    }
    return of(all);
  }

  static RuleBook of(List<Rule> rules) {
    Set<String> ids = new HashSet<>();
    for (Rule r : rules) {
      RuleChecks.check(r);
      if (!ids.add(r.id())) {
        throw new IllegalStateException("rule id " + r.id() + " appears twice");
      }
    }
    return new RuleBook(rules);
  }

  public List<Rule> rules() {
    return rules;
  }

  /** The rules of {@code flavour} that an upgrade from {@code old} to {@code target} crosses. */
  public List<Rule> crossed(Flavour flavour, Version old, Version target) {
    return rules.stream().filter(r -> r.flavour() == flavour && r.crossedBy(old, target)).toList();
  }

  private static List<String> index() {
    try (InputStream in = open("index.txt");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      return r.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Rule> read(String name) {
    try (InputStream in = open(name)) {
      RuleFile f = YAML.readValue(in, RuleFile.class);
      if (!"querytester-rules".equals(f.format()) || f.version() != 1) {
        throw new IllegalStateException(name + ": not a querytester-rules file of version 1");
      }
      return f.rules().stream().map(r -> withFlavour(r, f.flavour())).toList();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read rule file " + name + ": " + e.getMessage(), e);
    }
  }

  private static InputStream open(String name) {
    InputStream in = RuleBook.class.getResourceAsStream(DIR + name);
    if (in == null) {
      throw new IllegalStateException("rule file " + DIR + name + " is missing from the build");
    }
    return in;
  }

  private static Rule withFlavour(Rule r, Flavour flavour) {
    return new Rule(
        r.id(),
        flavour,
        r.kind(),
        r.since(),
        r.names(),
        r.keywordAfter(),
        r.pattern(),
        r.statements(),
        r.variable(),
        r.newDefault(),
        r.flags(),
        r.severity(),
        r.source(),
        r.why(),
        r.fix(),
        r.probe(),
        r.untestable());
  }
}
