package io.querytester.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.querytester.workload.StatementKind;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The records whose equals and hashCode are written out (for the C1 compiler) still compare every
 * component: a component left out, or added later and forgotten, fails here.
 */
class WrittenOutEqualsTest {
  private static final List<Class<? extends Record>> WRITTEN_OUT =
      List.of(
          ColumnMeta.class, ColumnDefinition.class, ResultDigest.class, LogFormat.ClassKey.class);

  @Test
  void equalWhenEveryComponentIsEqualAndUnequalWhenAnyDiffers() throws Exception {
    for (Class<? extends Record> type : WRITTEN_OUT) {
      RecordComponent[] parts = type.getRecordComponents();
      Object[] values = new Object[parts.length];
      for (int i = 0; i < parts.length; i++) {
        values[i] = sample(parts[i].getType(), 0);
      }
      Record base = make(type, values);
      Record same = make(type, values.clone());
      assertThat(same).as(type.getSimpleName()).isEqualTo(base);
      assertThat(same.hashCode()).as(type.getSimpleName()).isEqualTo(base.hashCode());
      for (int i = 0; i < parts.length; i++) {
        Object[] changed = values.clone();
        changed[i] = sample(parts[i].getType(), 1);
        assertThat(make(type, changed))
            .as("%s differing in %s", type.getSimpleName(), parts[i].getName())
            .isNotEqualTo(base);
        if (!parts[i].getType().isPrimitive()) {
          changed[i] = null;
          Record withNull = make(type, changed);
          assertThat(withNull)
              .as("%s with a null %s", type.getSimpleName(), parts[i].getName())
              .isNotEqualTo(base)
              .isEqualTo(make(type, changed.clone()));
          assertThat(withNull.hashCode()).isEqualTo(make(type, changed.clone()).hashCode());
        }
      }
    }
  }

  private static Record make(Class<? extends Record> type, Object[] values) throws Exception {
    Class<?>[] types =
        Arrays.stream(type.getRecordComponents())
            .map(RecordComponent::getType)
            .toArray(Class<?>[]::new);
    Constructor<? extends Record> c = type.getDeclaredConstructor(types);
    c.setAccessible(true);
    return c.newInstance(values);
  }

  /** A value of {@code type}; {@code variant} 0 and 1 give two different ones. */
  private static Object sample(Class<?> type, int variant) {
    if (type == int.class) {
      return 7 + variant;
    }
    if (type == long.class) {
      return 70L + variant;
    }
    if (type == boolean.class) {
      return variant == 1;
    }
    if (type == String.class) {
      return new String(variant == 0 ? "a" : "b"); // a new object: equal by value only
    }
    if (type == StatementKind.class) {
      return StatementKind.values()[variant];
    }
    if (type == ColumnDefinition.class) {
      return new ColumnDefinition(
          253, 480, 0, 4097, 45, "utf8mb4_general_ci", "c", "t", "t", variant == 0 ? "s" : "s2");
    }
    throw new IllegalArgumentException("no sample for " + type);
  }
}
