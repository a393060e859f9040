package io.querytester.drift;

import io.querytester.target.ServerInfo;
import java.sql.Connection;

/**
 * One server in a check, with its read-only connection.
 *
 * @param label SOURCE, REPLICA-1 ...
 * @param display label, spec and version, passwords masked
 * @param info version and flavour
 * @param connection a connection from {@link ReadOnlySession}
 */
record Side(String label, String display, ServerInfo info, Connection connection) {}
