package io.querytester.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option names that today's replaced, as data (an old name, the command it belongs to, the name
 * that replaced it): each is added to its command hidden from the help, and sets what the current
 * name sets. A new rename is a line here, not a setter copied into every command.
 */
final class OldOptionNames {
  /**
   * One old name.
   *
   * @param command the subcommand, or null for every subcommand that has {@code current}
   * @param old the name the help no longer shows
   * @param current the name that replaced it
   * @param note said as a warning when the old name is used, where it means something else
   *     elsewhere; null for a plain rename
   */
  record OldName(String command, String old, String current, String note) {
    static OldName renamed(String old, String current) {
      return new OldName(null, old, current, null);
    }

    static OldName renamed(String command, String old, String current) {
      return new OldName(command, old, current, null);
    }
  }

  static final List<OldName> ALL =
      List.of(
          OldName.renamed("--run-time", "--duration"),
          OldName.renamed("--limit", "--max-events"),
          OldName.renamed("replay", "--float-precision", "--float-digits"),
          OldName.renamed("demo", "--float-precision", "--float-digits"),
          OldName.renamed("drift", "--float-precision", "--decimal-places"),
          new OldName(
              "drift",
              "--float-digits",
              "--decimal-places",
              "drift's --float-digits is now --decimal-places (digits after the point);"
                  + " replay's --float-digits counts significant digits"),
          OldName.renamed("drift", "--databases", "--include-schema"),
          OldName.renamed("drift", "--ignore-databases", "--exclude-schema"),
          OldName.renamed("drift", "--tables", "--include-table"),
          OldName.renamed("drift", "--ignore-tables", "--exclude-table"),
          OldName.renamed("drift", "--columns", "--include-column"),
          OldName.renamed("drift", "--ignore-columns", "--exclude-column"),
          OldName.renamed("drift", "--engines", "--include-engine"),
          OldName.renamed("drift", "--ignore-engines", "--exclude-engine"));

  private OldOptionNames() {}

  /** Adds the old names to the subcommands of {@code top} that have their current ones. */
  static void addTo(CommandLine top) {
    top.getSubcommands()
        .forEach(
            (name, sub) -> {
              for (OldName o : ALL) {
                if (o.command() == null || o.command().equals(name)) {
                  add(sub.getCommandSpec(), o);
                }
              }
            });
  }

  /**
   * The old name as a copy of the current option: the same type, converter, split and binding, so
   * it sets the same field; no default value, which picocli would apply over what the other name
   * set.
   */
  private static void add(CommandSpec command, OldName o) {
    OptionSpec current = command.findOption(o.current());
    if (current == null || command.findOption(o.old()) != null) {
      return;
    }
    OptionSpec.Builder old =
        OptionSpec.builder(current)
            .names(o.old())
            .hidden(true)
            .defaultValue(null)
            .description("The older name of " + o.current() + ".");
    if (o.note() != null) {
      old.preprocessor(
          (args, spec, arg, info) -> {
            spec.commandLine().getErr().println("warning: " + o.note());
            return false;
          });
    }
    command.addOption(old.build());
  }
}
