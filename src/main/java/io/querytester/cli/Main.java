package io.querytester.cli;

/** Entry point of the {@code querytester} command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(QueryTesterCommand.run(args));
  }
}
