/**
 * Targets: the servers a workload is replayed against. Parses target specs, starts embedded MariaDB
 * servers from Maven Central's binaries, connects to real hosts, and masks passwords in everything
 * it shows. Starting and stopping servers is this package's job alone.
 *
 * <p>Stages it imports: none (and the root package).
 */
package io.querytester.server;
