package io.querytester.cli;

import io.querytester.server.OptionFiles;
import java.nio.file.Path;

/**
 * What the command line says about one side's account, before option files, the environment and a
 * prompt fill in the rest ({@link AccountResolver}).
 *
 * @param label OLD, NEW, SOURCE ...: how prompts and messages name the side
 * @param optionPrefix how this side's options start ({@code --old-}, or {@code --}), for messages
 * @param user the account, or null for the option file's or root
 * @param passwordEnv the environment variable holding the password, or null
 * @param passwordPrompt ask on the terminal, without echo
 * @param sslMode the TLS mode as written, or null
 * @param sslCa the CA certificate file (PEM), or null
 * @param files which option files to read
 */
record Account(
    String label,
    String optionPrefix,
    String user,
    String passwordEnv,
    boolean passwordPrompt,
    String sslMode,
    Path sslCa,
    OptionFiles.Choice files) {}
