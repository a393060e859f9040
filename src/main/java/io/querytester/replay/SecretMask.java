package io.querytester.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.querytester.run.Execution;
import io.querytester.run.RunJson;
import io.querytester.workload.SqlRedactor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Masks a statement's secrets wherever an execution may repeat them: its passwords, keys and
 * connection-string passwords in the statement, column names ({@code PASSWORD('x')} names its
 * column), server errors and warnings that quote the statement, difference details; and, for a
 * statement that reads password hashes ({@link SqlRedactor#readsSecrets}), every result value: the
 * rows sampled where the sides differ, and whatever an error or warning quotes. Every text of the
 * record is visited, so a field added later is covered too; the walk happens only for the rare
 * statement that holds or reads a secret.
 */
final class SecretMask {
  private static final Pattern QUOTED = Pattern.compile("'[^']*'");

  private SecretMask() {}

  static Execution apply(String sql, Execution e) {
    List<String> secrets = SqlRedactor.secrets(sql);
    boolean values = SqlRedactor.readsSecrets(sql);
    if (secrets.isEmpty() && !values) {
      return e;
    }
    JsonNode tree = RunJson.MAPPER.valueToTree(e);
    JsonNode masked = mask(tree, secrets);
    if (values) {
      maskValues(masked, false);
    }
    try {
      return RunJson.MAPPER.treeToValue(masked, Execution.class);
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot mask an execution record", ex);
    }
  }

  /**
   * Every value of the sampled rows becomes ****, and every quoted part of any other text but the
   * statement ('...' in a server message may be a value).
   */
  private static void maskValues(JsonNode node, boolean inRows) {
    if (node instanceof ObjectNode o) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        String name = f.getKey();
        boolean rows = inRows || name.equals("only_old") || name.equals("only_new");
        if (f.getValue().isTextual() && !name.equals("sql")) {
          f.setValue(TextNode.valueOf(masked(f.getValue().textValue(), rows)));
        } else {
          maskValues(f.getValue(), rows);
        }
      }
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        if (a.get(i).isTextual()) {
          a.set(i, TextNode.valueOf(masked(a.get(i).textValue(), inRows)));
        } else {
          maskValues(a.get(i), inRows);
        }
      }
    }
  }

  private static String masked(String text, boolean value) {
    return value ? "****" : QUOTED.matcher(text).replaceAll("'****'");
  }

  private static JsonNode mask(JsonNode node, List<String> secrets) {
    if (node.isTextual()) {
      return TextNode.valueOf(SqlRedactor.mask(node.textValue(), secrets));
    }
    if (node instanceof ObjectNode o) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        f.setValue(mask(f.getValue(), secrets));
      }
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        a.set(i, mask(a.get(i), secrets));
      }
    }
    return node;
  }
}
