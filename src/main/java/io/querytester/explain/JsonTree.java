package io.querytester.explain;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON as plain values, keeping every field of an object in order even when a name repeats, which a
 * map-based tree would collapse: an object is an {@link Obj}, an array a {@link List}, a scalar a
 * String, Number, Boolean or null.
 */
final class JsonTree {
  private JsonTree() {}

  /** An object's fields in document order, repeated names kept. */
  record Obj(List<Map.Entry<String, Object>> fields) {
    boolean has(String name) {
      return fields.stream().anyMatch(f -> f.getKey().equals(name));
    }

    /** The first field of that name, or null. */
    Object get(String name) {
      for (Map.Entry<String, Object> f : fields) {
        if (f.getKey().equals(name)) {
          return f.getValue();
        }
      }
      return null;
    }
  }

  /** The value at the parser's current token; leaves the parser on its last token. */
  static Object read(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == null) {
      throw new IOException("empty text");
    }
    return switch (t) {
      case START_OBJECT -> {
        List<Map.Entry<String, Object>> fields = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          fields.add(new AbstractMap.SimpleImmutableEntry<>(name, read(p)));
        }
        yield new Obj(fields);
      }
      case START_ARRAY -> {
        List<Object> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          items.add(read(p));
        }
        yield items;
      }
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getNumberValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw new IOException("unexpected " + t);
    };
  }
}
