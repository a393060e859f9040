package io.querytester;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which stages each stage may import, as its package-info states it in a sentence "Stages it
 * imports: {@code run}, {@code workload}." (or "Stages it imports: none."). The root package is
 * below every stage and imports none of them.
 */
record ImportRules(Map<String, Set<String>> allowed) {
  static final String SENTENCE = "Stages it imports:";
  private static final Pattern STATED =
      Pattern.compile(Pattern.quote(SENTENCE) + "(.*?)\\.(\\s|$)", Pattern.DOTALL);
  private static final Pattern NAME = Pattern.compile("\\{@code ([a-z]+)}");

  ImportRules {
    allowed = Map.copyOf(allowed);
  }

  /** The rules the package-info files of the folders under {@code sources} state. */
  static ImportRules read(Path sources) {
    Map<String, Set<String>> allowed = new TreeMap<>();
    try (Stream<Path> dirs = Files.list(sources)) {
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        String stage = dir.getFileName().toString();
        Path info = dir.resolve("package-info.java");
        String text =
            Files.exists(info)
                ? Files.readString(info).replaceAll("\n\\s*\\*", " ").replaceAll("\\s+", " ")
                : "";
        Matcher m = STATED.matcher(text);
        if (!m.find()) {
          throw new IllegalStateException(
              "package "
                  + stage
                  + " does not state its import rule: its package-info needs a"
                  + " sentence \""
                  + SENTENCE
                  + " {@code a}, {@code b}.\" (or \"none.\")");
        }
        Set<String> names = new TreeSet<>();
        Matcher n = NAME.matcher(m.group(1));
        while (n.find()) {
          names.add(n.group(1));
        }
        allowed.put(stage, names);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ImportRules(allowed);
  }

  Set<String> stages() {
    return allowed.keySet();
  }

  Set<String> imports(String stage) {
    return allowed.getOrDefault(stage, Set.of());
  }

  /** A cycle in the stated rules, as the stages along it (the first again at the end); or empty. */
  List<String> cycle() {
    for (String start : new TreeSet<>(allowed.keySet())) {
      List<String> path = new ArrayList<>();
      if (cycleFrom(start, path, new TreeSet<>())) {
        return path.subList(path.indexOf(path.getLast()), path.size());
      }
    }
    return List.of();
  }

  private boolean cycleFrom(String stage, List<String> path, Set<String> done) {
    if (path.contains(stage)) {
      path.add(stage);
      return true;
    }
    if (!done.add(stage)) {
      return false;
    }
    path.add(stage);
    for (String next : new TreeSet<>(imports(stage))) {
      if (cycleFrom(next, path, done)) {
        return true;
      }
    }
    path.removeLast();
    return false;
  }

  /** The rule for the classes under {@code root}: each uses only the stages its own may import. */
  ArchRule rule(String root) {
    return classes()
        .that()
        .resideInAPackage(root + "..")
        .should(
            new ArchCondition<JavaClass>("use only the stages their package-info names") {
              @Override
              public void check(JavaClass c, ConditionEvents events) {
                String from = stage(root, c.getPackageName());
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                  String target = d.getTargetClass().getPackageName();
                  if (!target.equals(root) && !target.startsWith(root + ".")) {
                    continue; // the JDK and libraries
                  }
                  String to = stage(root, target);
                  if (to.isEmpty() || to.equals(from) || imports(from).contains(to)) {
                    continue;
                  }
                  events.add(
                      SimpleConditionEvent.violated(
                          d,
                          d.getDescription()
                              + " ("
                              + (from.isEmpty() ? "the root package" : from)
                              + " may import: "
                              + (imports(from).isEmpty()
                                  ? "nothing"
                                  : String.join(", ", new TreeSet<>(imports(from))))
                              + ")"));
                }
              }
            });
  }

  /** The stage a package belongs to: its first name under the root; "" for the root itself. */
  private static String stage(String root, String pkg) {
    if (pkg.equals(root)) {
      return "";
    }
    String rest = pkg.substring(root.length() + 1);
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }
}
