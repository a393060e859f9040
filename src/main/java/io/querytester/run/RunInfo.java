package io.querytester.run;

import io.querytester.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}: what a run replayed, on what, how. Written when the run starts; resume and
 * compare read it to check they continue the same run.
 *
 * @param format always "querytester-run"
 * @param version the run folder format version
 * @param workload the workload file
 * @param workloadEvents events in the workload
 * @param targets the sides, OLD first
 * @param settings the replay settings as text, for the report
 * @param started when the run started
 */
public record RunInfo(
    String format,
    int version,
    String workload,
    long workloadEvents,
    List<Side> targets,
    Map<String, String> settings,
    Instant started) {

  public static final String FILE = "run.json";
  public static final String FORMAT = "querytester-run";

  /**
   * A side of the run.
   *
   * @param label OLD, NEW or the label of a single target
   * @param spec the target spec, passwords masked
   * @param version the server's version string
   * @param variables server variables, to show those that differ between the sides
   */
  public record Side(String label, String spec, String version, Map<String, String> variables) {}

  public void write(Path runDir) throws IOException {
    Files.createDirectories(runDir);
    Path tmp = runDir.resolve(FILE + ".tmp");
    RunJson.MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
    Files.move(tmp, runDir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  public static RunInfo read(Path runDir) {
    Path file = runDir.resolve(FILE);
    try {
      RunInfo info = RunJson.MAPPER.readValue(file.toFile(), RunInfo.class);
      if (!FORMAT.equals(info.format())) {
        throw new BadInputException(file + " is not a querytester run file");
      }
      return info;
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new BadInputException(
          runDir + " is not a run folder (no " + FILE + "); give the --out folder of a replay");
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
