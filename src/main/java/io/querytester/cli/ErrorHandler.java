package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.CannotRunException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * The one place where exceptions become exit codes and messages. Users see one line saying what
 * went wrong and what to do; the stack trace only with {@code --debug}.
 */
final class ErrorHandler
    implements CommandLine.IExecutionExceptionHandler,
        CommandLine.IParameterExceptionHandler,
        CommandLine.IExitCodeExceptionMapper {

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
    PrintWriter err = cl.getErr();
    err.println(cl.getColorScheme().errorText("querytester: " + message(ex)));
    if (debug(parseResult)) {
      ex.printStackTrace(err);
    } else if (!known(ex) || (ex instanceof CannotRunException && ex.getCause() != null)) {
      // A CannotRunException without a cause is our own whole account (no Docker engine, a
      // server that would not start): a stack trace would add nothing.
      err.println("(run again with --debug for the full stack trace)");
    }
    err.flush();
    return exitCode(ex);
  }

  @Override
  public int handleParseException(CommandLine.ParameterException ex, String[] args) {
    CommandLine cl = ex.getCommandLine();
    PrintWriter err = cl.getErr();
    err.println(cl.getColorScheme().errorText("querytester: " + ex.getMessage()));
    CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
    err.println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for usage.");
    err.flush();
    return ExitCode.BAD_INPUT.code();
  }

  @Override
  public int getExitCode(Throwable ex) {
    return exitCode(ex);
  }

  static int exitCode(Throwable ex) {
    if (ex instanceof BadInputException || ex instanceof CommandLine.ParameterException) {
      return ExitCode.BAD_INPUT.code();
    }
    return ExitCode.CANNOT_RUN.code();
  }

  private static boolean known(Throwable ex) {
    return ex instanceof BadInputException || ex instanceof CannotRunException;
  }

  private static String message(Throwable ex) {
    if (known(ex)) {
      return ex.getMessage();
    }
    String m = ex.getMessage();
    return ex.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }

  private static boolean debug(CommandLine.ParseResult parseResult) {
    for (CommandLine.ParseResult r = parseResult; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
  }
}
