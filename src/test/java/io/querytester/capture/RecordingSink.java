package io.querytester.capture;

import io.querytester.workload.QueryEvent;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Collects what a parser delivers, for assertions. */
final class RecordingSink implements EventSink {
  final List<QueryEvent> events = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();
  final Map<String, Long> skipped = new TreeMap<>();
  final Map<String, Long> counters = new TreeMap<>();

  @Override
  public boolean accept(QueryEvent event) {
    events.add(event);
    return true;
  }

  @Override
  public boolean stopping() {
    return false;
  }

  @Override
  public void warn(String message) {
    warnings.add(message);
  }

  @Override
  public void skip(String reason, String message) {
    skipped.merge(reason, 1L, Long::sum);
    warnings.add(message);
  }

  @Override
  public void count(String counter, long delta) {
    counters.merge(counter, delta, Long::sum);
  }

  List<String> sql() {
    return events.stream().map(QueryEvent::sql).toList();
  }

  static RecordingSink slow(String text) {
    return slow(text.getBytes(StandardCharsets.UTF_8));
  }

  static RecordingSink slow(byte[] bytes) {
    return parse(new SlowLogParser(ZoneOffset.UTC, LogFileSource.MAX_STATEMENT), bytes);
  }

  static RecordingSink general(String text) {
    return general(text.getBytes(StandardCharsets.UTF_8));
  }

  static RecordingSink general(byte[] bytes) {
    return parse(new GeneralLogParser(ZoneOffset.UTC, LogFileSource.MAX_STATEMENT), bytes);
  }

  static RecordingSink parse(LogParser parser, byte[] bytes) {
    return parse(parser, new ByteArrayInputStream(bytes));
  }

  static RecordingSink parse(LogParser parser, InputStream in) {
    RecordingSink sink = new RecordingSink();
    try {
      parser.parse(new LineReader(in, LogFileSource.MAX_STATEMENT + 1024), "test.log", sink);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sink;
  }

  static byte[] resource(String name) {
    try (InputStream in = RecordingSink.class.getResourceAsStream("/capture/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
