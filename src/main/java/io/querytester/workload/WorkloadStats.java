package io.querytester.workload;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a workload contains, gathered in one pass: events per query class (with the first example),
 * per statement kind, sessions and time span. Memory grows with the number of classes and sessions,
 * never with the number of events.
 */
public final class WorkloadStats {
  /**
   * Where the values of prepared-statement templates are: said wherever templates are counted,
   * since a template itself cannot be replayed.
   */
  public static final String TEMPLATE_VALUES_FROM =
      "the slow log and the general log record the executed text with its values (capture"
          + " --source slowlog or genlog); the binlog gives the writes";

  /** Examples are cut to this many characters. */
  public static final int EXAMPLE_CHARS = 200;

  /**
   * One query class.
   *
   * @param example the first statement of the class, whitespace folded, at most {@value
   *     #EXAMPLE_CHARS} characters
   */
  public record ClassStats(
      String classId,
      StatementKind kind,
      long count,
      String example,
      String unsafeReason,
      Set<String> nondeterminism) {}

  /** A class's first profile without its fingerprint, which can be as long as the statement. */
  private static final class Counter {
    final StatementKind kind;
    final String unsafeReason;
    final Set<String> nondeterminism;
    final String example;
    long count;

    Counter(SqlProfile p, String example) {
      this.kind = p.kind();
      this.unsafeReason = p.unsafeReason();
      this.nondeterminism = p.nondeterminism();
      this.example = example;
    }
  }

  private final Map<String, Counter> classes = new HashMap<>();
  private final Map<StatementKind, Long> eventsByKind = new EnumMap<>(StatementKind.class);
  private final LongSet sessions = new LongSet();
  private long events;
  private Instant first;
  private Instant last;

  /** Counts one event. */
  public void add(QueryEvent event) {
    SqlProfile p = SqlProfile.of(event.sql());
    Counter c = classes.get(p.classId());
    if (c == null) {
      c = new Counter(p, example(event.sql()));
      classes.put(p.classId(), c);
    }
    c.count++;
    events++;
    eventsByKind.merge(p.kind(), 1L, Long::sum);
    if (event.session() != null) {
      sessions.add(event.session());
    }
    Instant ts = event.ts();
    if (ts != null) {
      first = first == null || ts.isBefore(first) ? ts : first;
      last = last == null || ts.isAfter(last) ? ts : last;
    }
  }

  /** Reads every event of a workload. */
  public static WorkloadStats of(WorkloadReader reader) {
    WorkloadStats stats = new WorkloadStats();
    for (WorkloadReader.Entry e : reader) {
      stats.add(e.event());
    }
    return stats;
  }

  public long events() {
    return events;
  }

  public int classCount() {
    return classes.size();
  }

  /** Distinct session ids (events without one are not counted). */
  public long sessions() {
    return sessions.size();
  }

  /** The earliest event time, null if no event had one. */
  public Instant first() {
    return first;
  }

  public Instant last() {
    return last;
  }

  /** Events that are prepared-statement templates, which replay cannot run. */
  public long templates() {
    return eventsByKind.getOrDefault(StatementKind.TEMPLATE, 0L);
  }

  public Map<StatementKind, Long> eventsByKind() {
    return new EnumMap<>(eventsByKind);
  }

  public Map<StatementKind, Long> classesByKind() {
    Map<StatementKind, Long> out = new EnumMap<>(StatementKind.class);
    classes.values().forEach(c -> out.merge(c.kind, 1L, Long::sum));
    return out;
  }

  /** All classes, most events first (ties by class id, so output is stable). */
  public List<ClassStats> classes() {
    List<ClassStats> out = new ArrayList<>(classes.size());
    classes.forEach(
        (id, c) ->
            out.add(
                new ClassStats(id, c.kind, c.count, c.example, c.unsafeReason, c.nondeterminism)));
    out.sort(
        Comparator.comparingLong(ClassStats::count).reversed().thenComparing(ClassStats::classId));
    return out;
  }

  static String example(String sql) {
    StringBuilder b = new StringBuilder(Math.min(sql.length(), EXAMPLE_CHARS));
    boolean space = false;
    for (int i = 0; i < sql.length() && b.length() < EXAMPLE_CHARS; i++) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        space = b.length() > 0;
        continue;
      }
      if (space) {
        b.append(' ');
        space = false;
        if (b.length() == EXAMPLE_CHARS) {
          break;
        }
      }
      b.append(c);
    }
    if (b.length() > 0 && Character.isHighSurrogate(b.charAt(b.length() - 1))) {
      b.setLength(b.length() - 1);
    }
    return b.toString();
  }

  /** Distinct longs in an open-addressing table: 8 bytes a session, no boxing. */
  private static final class LongSet {
    private static final long EMPTY = Long.MIN_VALUE;
    private long[] slots = newTable(1024);
    private int size;
    private boolean hasEmptyValue;

    void add(long v) {
      if (v == EMPTY) {
        if (!hasEmptyValue) {
          hasEmptyValue = true;
          size++;
        }
        return;
      }
      if (insert(slots, v)) {
        size++;
        if (size * 2 > slots.length) {
          grow();
        }
      }
    }

    int size() {
      return size;
    }

    private void grow() {
      long[] bigger = newTable(slots.length * 2);
      for (long v : slots) {
        if (v != EMPTY) {
          insert(bigger, v);
        }
      }
      slots = bigger;
    }

    private static boolean insert(long[] table, long v) {
      int mask = table.length - 1;
      int i = (int) (mix(v) & mask);
      while (table[i] != EMPTY) {
        if (table[i] == v) {
          return false;
        }
        i = (i + 1) & mask;
      }
      table[i] = v;
      return true;
    }

    private static long mix(long v) {
      long h = v * 0x9E3779B97F4A7C15L;
      return h ^ (h >>> 32);
    }

    private static long[] newTable(int n) {
      long[] t = new long[n];
      Arrays.fill(t, EMPTY);
      return t;
    }
  }
}
