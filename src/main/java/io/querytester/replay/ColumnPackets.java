package io.querytester.replay;

import com.mysql.cj.CharsetMapping;
import com.mysql.cj.result.Field;
import com.mysql.cj.util.LazyString;
import io.querytester.run.ColumnDefinition;

/**
 * The column definition as the server sent it. Connector/J's {@link Field} replaces the length of
 * integer, date and decimal columns by its type's nominal precision (BIGINT 19, whatever display
 * length the server sent) and adjusts flags and decimals; the fixed part of the packet (collation,
 * length, type, flags, decimals) still sits in the packet buffer right after the original column
 * name, which the Field keeps a lazy view of. We read it there, and check it against what the Field
 * says (the 0x0c length byte, the collation and the type) before trusting it; if anything does not
 * fit (another driver version), the Field's values are used.
 */
final class ColumnPackets {
  private static final java.lang.reflect.Field ORG_NAME =
      accessible(Field.class, "originalColumnName");
  private static final java.lang.reflect.Field BUFFER = accessible(LazyString.class, "buffer");
  private static final java.lang.reflect.Field OFFSET = accessible(LazyString.class, "offset");
  private static final java.lang.reflect.Field LENGTH = accessible(LazyString.class, "length");

  private ColumnPackets() {}

  static ColumnDefinition definition(Field f) {
    int collation = f.getCollationIndex();
    long length = f.getLength();
    int type = f.getMysqlTypeId();
    int flags = f.getFlags() & 0xffff;
    int decimals = f.getDecimals();
    byte[] fixed = fixedPart(f);
    if (fixed != null) {
      length = u32(fixed, 3);
      flags = u16(fixed, 8);
      decimals = fixed[10] & 0xff;
    }
    return new ColumnDefinition(
        type,
        length,
        decimals,
        flags,
        collation,
        // Connector/J knows MySQL's numbering; MariaDB's agrees below 255 and not above.
        collation > 0 && collation < 255
            ? CharsetMapping.getStaticCollationNameForCollationIndex(collation)
            : null,
        f.getOriginalName(),
        f.getTableName(),
        f.getOriginalTableName(),
        f.getDatabaseName());
  }

  /** The 0x0c byte and the 12 bytes after it, or null when they cannot be found and checked. */
  private static byte[] fixedPart(Field f) {
    if (ORG_NAME == null || BUFFER == null || OFFSET == null || LENGTH == null) {
      return null;
    }
    try {
      Object name = ORG_NAME.get(f);
      if (name == null) {
        return null;
      }
      byte[] buf = (byte[]) BUFFER.get(name);
      if (buf == null) {
        return null;
      }
      int at = OFFSET.getInt(name) + LENGTH.getInt(name);
      if (at + 13 > buf.length
          || buf[at] != 0x0c
          || u16(buf, at + 1) != f.getCollationIndex()
          || (buf[at + 7] & 0xff) != f.getMysqlTypeId()) {
        return null;
      }
      byte[] out = new byte[13];
      System.arraycopy(buf, at, out, 0, 13);
      return out;
    } catch (IllegalAccessException | RuntimeException e) {
      return null;
    }
  }

  private static int u16(byte[] b, int at) {
    return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
  }

  private static long u32(byte[] b, int at) {
    return (b[at] & 0xffL)
        | (b[at + 1] & 0xffL) << 8
        | (b[at + 2] & 0xffL) << 16
        | (b[at + 3] & 0xffL) << 24;
  }

  private static java.lang.reflect.Field accessible(Class<?> c, String name) {
    try {
      java.lang.reflect.Field field = c.getDeclaredField(name);
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
