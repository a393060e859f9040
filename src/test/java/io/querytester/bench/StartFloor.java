package io.querytester.bench;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The least any Java replay pays before its first statement, measured the way the tool's start is:
 * {@link BareLoop} with one statement (start the JVM, connect to both servers, send it), with the
 * launcher's JVM options and a class-data archive of its own classes, from its start to the
 * statement reaching OLD through a {@link FirstStatementProbe}. Beside the tool's figure it says
 * how much of the tool's start is its own.
 */
final class StartFloor {
  private StartFloor() {}

  /**
   * Best and worst seconds of {@code tries} timed runs, after one untimed run that writes the
   * archive.
   */
  static double[] measure(Path out, Path cnf, int oldPort, int newPort, String java, int tries)
      throws Exception {
    Path jar = out.resolve("floor.jar"); // a class-data archive takes classes from jars only
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(file)) {
      String name = BareLoop.class.getName().replace('.', '/') + ".class";
      j.putNextEntry(new JarEntry(name));
      try (InputStream in = BareLoop.class.getResourceAsStream("/" + name)) {
        in.transferTo(j);
      }
    }
    String driver =
        List.of(System.getProperty("java.class.path").split(":")).stream()
            .filter(e -> e.contains("mysql-connector-j"))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("Connector/J is not on the class path"));
    Path sql = out.resolve("floor.sql");
    Files.writeString(sql, "SELECT c FROM sbtest1 WHERE id = 1\n");
    Path archive = out.resolve("floor.jsa");
    try (FirstStatementProbe probe = FirstStatementProbe.start(oldPort, "FROM sbtest")) {
      FirstStatementProbe.Attempt run =
          i -> {
            List<String> cmd =
                new ArrayList<>(
                    List.of(java, "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.1"));
            cmd.addAll(List.of("-XX:+UseSerialGC", "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
            cmd.add(
                i == 0
                    ? "-XX:ArchiveClassesAtExit=" + archive
                    : "-XX:SharedArchiveFile=" + archive);
            cmd.addAll(
                List.of("-cp", jar + ":" + driver, BareLoop.class.getName(), cnf.toString()));
            cmd.addAll(List.of(Integer.toString(probe.port()), Integer.toString(newPort), "1"));
            cmd.add(sql.toString());
            Process p =
                new ProcessBuilder(cmd)
                    .redirectOutput(out.resolve("floor-" + i + ".out").toFile())
                    .redirectError(out.resolve("floor-" + i + ".err").toFile())
                    .start();
            if (p.waitFor() != 0) {
              throw new IllegalStateException(
                  "the floor run failed; see " + out.resolve("floor-" + i + ".err"));
            }
          };
      run.run(0); // untimed: writes the archive
      return probe.bestAndWorst(tries, run);
    }
  }
}
