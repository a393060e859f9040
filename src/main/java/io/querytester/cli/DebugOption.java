package io.querytester.cli;

import picocli.CommandLine.Option;

/**
 * {@code --debug}, the same on every command: {@link ErrorHandler} looks for it in the parse result
 * and prints the stack trace of an error only then.
 */
final class DebugOption {
  @Option(names = "--debug", description = "Show the stack trace of an error.")
  boolean debug;
}
