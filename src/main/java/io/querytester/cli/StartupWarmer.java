package io.querytester.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Calendar;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;

/**
 * Initializes, on a second thread, what every command that talks to a server initializes anyway:
 * Connector/J's static tables, the JDK's locale data behind the Calendar Connector/J makes for its
 * first result set (70 ms alone), and Jackson. The main thread meanwhile builds the command line
 * (picocli, about 0.3 s), so on a machine with a second core the first connection no longer waits
 * for them (bench/drift, bench/replay: start to first statement). Best effort: anything that fails
 * here fails again, and is reported, where it is really used.
 */
final class StartupWarmer {
  private static final Set<String> NO_SERVER = Set.of("-h", "--help", "-V", "--version", "help");

  private static final String[] CLASSES = {
    "com.mysql.cj.jdbc.Driver",
    "com.mysql.cj.conf.PropertyDefinitions",
    "com.mysql.cj.CharsetMapping",
    "com.mysql.cj.Messages",
    "com.mysql.cj.protocol.a.NativeProtocol",
    "com.mysql.cj.protocol.ExportControlled",
    "com.mysql.cj.jdbc.result.ResultSetImpl",
  };

  private StartupWarmer() {}

  static void start(String... args) {
    if (args.length == 0 || NO_SERVER.contains(args[0])) {
      return;
    }
    for (String a : args) {
      if (NO_SERVER.contains(a)) {
        return;
      }
    }
    Thread.ofPlatform().daemon().name("querytester-warm-up").start(StartupWarmer::warm);
  }

  private static void warm() {
    try {
      ClassLoader loader = StartupWarmer.class.getClassLoader();
      for (String c : CLASSES) {
        Class.forName(c, true, loader);
      }
      Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.US);
      new ObjectMapper().writeValueAsString(java.util.Map.of("warm", 1));
    } catch (ReflectiveOperationException
        | LinkageError
        | RuntimeException
        | java.io.IOException e) {
      // best effort, see above
    }
  }
}
