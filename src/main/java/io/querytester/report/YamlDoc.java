package io.querytester.report;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A small YAML file read into a tree, with the line of every key, so that a message about a bad key
 * or value names the file, the line and the key. Used for querytester.yaml and the baseline.
 */
final class YamlDoc {
  private static final YAMLMapper MAPPER = new YAMLMapper();

  private final Path file;
  private final JsonNode root;
  private final Map<String, Integer> lines;

  private YamlDoc(Path file, JsonNode root, Map<String, Integer> lines) {
    this.file = file;
    this.root = root;
    this.lines = lines;
  }

  static YamlDoc read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
    try {
      JsonNode root = parse(text);
      return new YamlDoc(file, root == null ? MissingNode.getInstance() : root, lines(text));
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new BadInputException(
          file + (line > 0 ? ":" + line : "") + ": not valid YAML: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** A tree that did not come from a YAML file (run.json's settings): errors name {@code file}. */
  static YamlDoc of(Path file, JsonNode root) {
    return new YamlDoc(file, root, Map.of());
  }

  private static JsonNode parse(String text) throws IOException {
    try (JsonParser p = MAPPER.getFactory().createParser(text)) {
      p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
      return MAPPER.readTree(p);
    }
  }

  /** The line of each key and list item, by JSON pointer ("/gate/latency/ratio"). */
  private static Map<String, Integer> lines(String text) throws IOException {
    Map<String, Integer> lines = new HashMap<>();
    try (JsonParser p = new YAMLFactory().createParser(text)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        String pointer = p.getParsingContext().pathAsPointer().toString();
        lines.putIfAbsent(pointer, p.currentTokenLocation().getLineNr());
      }
    }
    return lines;
  }

  Path file() {
    return file;
  }

  JsonNode root() {
    return root;
  }

  /** The line of a key, or of the nearest enclosing key when the key itself is absent. */
  int line(String pointer) {
    for (String p = pointer; !p.isEmpty(); p = p.substring(0, Math.max(0, p.lastIndexOf('/')))) {
      Integer line = lines.get(p);
      if (line != null) {
        return line;
      }
    }
    return 1;
  }

  /** "querytester.yaml:7: gate.latency.ratio: must be at least 1, not 0.5". */
  BadInputException error(String pointer, String message) {
    return new BadInputException(
        file + ":" + line(pointer) + ": " + dotted(pointer) + ": " + message);
  }

  /** Fails on the first key of an object that is not one of {@code known}. */
  void onlyKeys(String pointer, JsonNode object, Set<String> known) {
    for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        throw error(
            pointer + "/" + name,
            "unknown key; known keys here: " + String.join(", ", new TreeSet<>(known)));
      }
    }
  }

  static String dotted(String pointer) {
    return pointer.isEmpty() ? "(top)" : pointer.substring(1).replace('/', '.');
  }
}
