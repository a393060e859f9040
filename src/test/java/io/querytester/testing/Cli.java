package io.querytester.testing;

import io.querytester.cli.QueryTesterCommand;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process, as a user would, and keeps what it printed. */
public final class Cli {
  private Cli() {}

  public record Run(int code, String out, String err) {}

  public static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = QueryTesterCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }
}
