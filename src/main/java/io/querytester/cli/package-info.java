/**
 * The command line, the top level: one picocli command class per subcommand, option mixins shared
 * by several of them ({@code PairOptions}, {@code ReportOptions}, {@code CredentialOptions} ...),
 * the table of old option names that still work, hidden from the help ({@code OldOptionNames}), and
 * the one place exceptions become exit codes ({@code ErrorHandler}, {@link
 * io.querytester.cli.ExitCode}).
 *
 * <p>A command reads and checks its options before any server starts, then calls a job ({@code
 * job/}) or a stage's entry point; the work of a replay is not here. May import every package; none
 * imports it.
 *
 * <p>Stages it imports: {@code advisor}, {@code capture}, {@code compare}, {@code confirm}, {@code
 * drift}, {@code explain}, {@code health}, {@code job}, {@code order}, {@code replay}, {@code
 * report}, {@code run}, {@code server}, {@code workload} (and the root package).
 */
package io.querytester.cli;
