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

/**
 * Masks a statement's passwords wherever an execution may repeat them: the statement, column names
 * ({@code PASSWORD('x')} names its column), server errors and warnings that quote the statement,
 * difference details. Every text of the record is visited, so a field added later is covered too;
 * the walk happens only for the rare statement that holds a password.
 */
final class SecretMask {
  private SecretMask() {}

  static Execution apply(String sql, Execution e) {
    List<String> secrets = SqlRedactor.secrets(sql);
    if (secrets.isEmpty()) {
      return e;
    }
    JsonNode tree = RunJson.MAPPER.valueToTree(e);
    JsonNode masked = mask(tree, secrets);
    try {
      return RunJson.MAPPER.treeToValue(masked, Execution.class);
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot mask an execution record", ex);
    }
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
