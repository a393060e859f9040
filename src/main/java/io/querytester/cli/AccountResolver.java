package io.querytester.cli;

import io.querytester.BadInputException;
import io.querytester.server.CaFile;
import io.querytester.server.ConnectionSettings;
import io.querytester.server.JdbcSpec;
import io.querytester.server.OptionFiles;
import io.querytester.server.OptionValues;
import io.querytester.server.Secret;
import io.querytester.server.SslMode;
import io.querytester.server.TargetSettings;
import io.querytester.server.TargetSpec;
import java.io.Console;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Works out the account, password and TLS settings of a {@code jdbc:} target, the way the mysql
 * client does: the command line first, then option files, then a prompt.
 *
 * <ul>
 *   <li>where: what the spec says (URL host and port, DSN {@code h= P= S=}), else {@code port}, and
 *       for a DSN {@code host} and {@code socket}, from the option files ({@link
 *       JdbcSpec#withDefaults}); a DSN's {@code F=FILE} reads only that option file;
 *   <li>user: {@code --old-user}, else the spec's ({@code ?user=}, {@code user@}, DSN {@code u=}),
 *       else {@code user} from the option files, else root;
 *   <li>password: {@code --old-password-prompt}, else the variable named by {@code
 *       --old-password-env}, else the URL's, else {@code password=...} from the option files, else
 *       a prompt when the option files say {@code password} without a value, else none;
 *   <li>TLS: {@code --old-ssl-mode} / {@code --old-ssl-ca}, else {@code ssl-mode} / {@code ssl-ca}
 *       from the option files; a CA without a mode means VERIFY_CA; default PREFERRED; none over a
 *       Unix socket.
 * </ul>
 *
 * Targets this tool starts itself (embedded, docker) keep their own root account: no option file is
 * read and no prompt is shown for them. Passwords are held as {@link Secret}s from the moment they
 * are read and are never passed to another process.
 */
final class AccountResolver {

  /** Reads a password without echo; returns null when there is no terminal to ask on. */
  interface Prompter {
    char[] readPassword(String prompt);
  }

  private final Function<String, String> env;
  private final Prompter prompter;
  private final OptionFiles optionFiles;

  AccountResolver(Function<String, String> env, Prompter prompter, OptionFiles optionFiles) {
    this.env = env;
    this.prompter = prompter;
    this.optionFiles = optionFiles;
  }

  /** The real environment, terminal and option file search path. */
  static AccountResolver system(Consumer<String> warnings) {
    return new AccountResolver(
        System::getenv, AccountResolver::console, OptionFiles.standard(System::getenv, warnings));
  }

  private static char[] console(String prompt) {
    Console c = System.console();
    return c == null || !isTerminal(c) ? null : c.readPassword("%s", prompt);
  }

  /**
   * JDK 22 may give a Console even when the streams are redirected; {@code isTerminal()} (JDK 22+,
   * called by reflection as we build for 21) tells. On 21 a console exists only on a terminal.
   */
  private static boolean isTerminal(Console c) {
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
    } catch (ReflectiveOperationException | ClassCastException e) {
      return true;
    }
  }

  /** The connection settings for {@code spec}: {@code base} with the account and TLS filled in. */
  ConnectionSettings resolve(Account a, TargetSpec spec, ConnectionSettings base) {
    return settings(a.label(), a, spec, List.of(), base).connection();
  }

  /**
   * One side, ready to open: for a {@code jdbc:} or DSN spec, where to connect (option files fill
   * in what the spec leaves open), the account, password and TLS; other specs as they are.
   */
  TargetSettings settings(
      String label,
      Account a,
      TargetSpec spec,
      List<String> serverOptions,
      ConnectionSettings base) {
    if (!(spec instanceof JdbcSpec given)) {
      return new TargetSettings(label, spec, serverOptions, base);
    }
    OptionValues file = optionFiles.read(files(a, given));
    JdbcSpec host = given.withDefaults(file);
    String user =
        a.user() != null
            ? a.user()
            : host.user() != null
                ? host.user()
                : file.value("user").filter(u -> !u.isBlank()).orElse("root");
    Secret password = password(a, file, user, host);
    ConnectionSettings c = tls(a, file, host, base.withUser(user, password));
    return new TargetSettings(label, host, serverOptions, c);
  }

  /** Where {@code spec} connects once the option files have filled in what it leaves open. */
  TargetSpec endpoint(Account a, TargetSpec spec) {
    return spec instanceof JdbcSpec given
        ? given.withDefaults(optionFiles.read(files(a, given)))
        : spec;
  }

  private static OptionFiles.Choice files(Account a, JdbcSpec spec) {
    return spec.defaultsFile() == null
        ? a.files()
        : a.files().withDefaultsFile(spec.defaultsFile());
  }

  private Secret password(Account a, OptionValues file, String user, JdbcSpec host) {
    if (a.passwordPrompt()) {
      return prompt(a, user, host, a.optionPrefix() + "password-prompt");
    }
    if (a.passwordEnv() != null) {
      String value = env.apply(a.passwordEnv());
      if (value == null) {
        throw new BadInputException(
            a.optionPrefix()
                + "password-env "
                + a.passwordEnv()
                + ": that environment variable is not set; export it with the password first");
      }
      return Secret.of(value);
    }
    if (!host.password().isEmpty()) {
      return host.password();
    }
    Optional<Secret> fromFile = file.password();
    if (fromFile.isPresent()) {
      return fromFile.get();
    }
    if (file.passwordWithoutValue()) {
      return prompt(a, user, host, "'password' without a value at " + file.where("password"));
    }
    return Secret.NONE;
  }

  private Secret prompt(Account a, String user, JdbcSpec host, String why) {
    char[] typed =
        prompter.readPassword(
            "Password for "
                + a.label()
                + " "
                + user
                + "@"
                + host.host()
                + ":"
                + host.port()
                + ": ");
    if (typed == null) {
      throw new BadInputException(
          why
              + " asks for "
              + a.label()
              + "'s password, but there is no terminal to ask on; use "
              + a.optionPrefix()
              + "password-env VAR or an option file (--defaults-file) instead");
    }
    Secret s = Secret.of(typed);
    java.util.Arrays.fill(typed, '\0');
    return s;
  }

  private static ConnectionSettings tls(
      Account a, OptionValues file, JdbcSpec host, ConnectionSettings c) {
    if (host.socket() != null) {
      return local(a, c);
    }
    SslMode mode = null;
    if (a.sslMode() != null) {
      mode = SslMode.parse(a.sslMode(), a.optionPrefix() + "ssl-mode");
    } else if (file.value("ssl-mode").isPresent()) {
      mode = SslMode.parse(file.value("ssl-mode").get(), "ssl-mode at " + file.where("ssl-mode"));
    }
    CaFile ca = null;
    if (a.sslCa() != null) {
      ca = CaFile.load(a.sslCa(), a.optionPrefix() + "ssl-ca");
      if (mode != null && !mode.verifies()) {
        throw new BadInputException(
            a.optionPrefix()
                + "ssl-ca is used only with "
                + a.optionPrefix()
                + "ssl-mode VERIFY_CA or VERIFY_IDENTITY, not "
                + mode
                + " (which does not check the certificate)");
      }
    } else if (file.value("ssl-ca").isPresent() && (mode == null || mode.verifies())) {
      ca = CaFile.load(Path.of(file.value("ssl-ca").get()), "ssl-ca at " + file.where("ssl-ca"));
    }
    if (mode == null) {
      mode = ca != null ? SslMode.VERIFY_CA : SslMode.PREFERRED;
    }
    return c.withTls(mode, ca);
  }

  /** A Unix socket is local and the server counts it as secure: no TLS over it. */
  private static ConnectionSettings local(Account a, ConnectionSettings c) {
    if (a.sslMode() != null
        && SslMode.parse(a.sslMode(), a.optionPrefix() + "ssl-mode") != SslMode.DISABLED
        && SslMode.parse(a.sslMode(), a.optionPrefix() + "ssl-mode") != SslMode.PREFERRED) {
      throw new BadInputException(
          a.optionPrefix()
              + "ssl-mode "
              + a.sslMode()
              + ": "
              + a.label()
              + " is reached through a Unix socket, which is local and takes no TLS; drop"
              + " the option or give the host and port (h=, P=) instead of S=");
    }
    return c.withTls(SslMode.DISABLED, null);
  }
}
