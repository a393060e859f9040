/**
 * The command line: one picocli command per subcommand, its options, and the mapping of failures to
 * exit codes. Commands parse and check what the user typed and hand the work to the stages below;
 * they hold no pipeline logic of their own.
 *
 * <p>Stages it imports: {@code advisor}, {@code capture}, {@code compare}, {@code confirm}, {@code
 * drift}, {@code explain}, {@code health}, {@code order}, {@code replay}, {@code report}, {@code
 * run}, {@code target}, {@code workload} (and the root package).
 */
package io.querytester.cli;
