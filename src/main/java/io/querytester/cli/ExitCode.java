package io.querytester.cli;

/** The process exit codes, the contract CI jobs gate on. Listed by {@code querytester --help}. */
public enum ExitCode {
  /** The command finished and found no regression or drift (accepted differences do not count). */
  OK(0, "done: no regression or drift found (accepted differences do not count)"),
  /** The run finished and found at least one regression, or drift, or a crash. */
  REGRESSIONS(1, "regressions or drift found (or a crash)"),
  /** Bad usage or unusable input: fix the command line, the spec or the file. */
  BAD_INPUT(2, "bad usage or input: fix the command line, the spec or the file"),
  /** Could not run: a server would not start, a connection was refused, a download failed. */
  CANNOT_RUN(
      3, "could not run: a server would not start, a connection was refused, a download failed");

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  public int code() {
    return code;
  }

  public String meaning() {
    return meaning;
  }

  /** The codes and their meanings, for the {@code --help} of every command that has no own list. */
  static java.util.Map<String, String> helpList() {
    java.util.Map<String, String> list = new java.util.LinkedHashMap<>();
    for (ExitCode c : values()) {
      list.put(Integer.toString(c.code), c.meaning);
    }
    return list;
  }
}
