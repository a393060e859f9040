/**
 * Reports: what people read (console, HTML) and what machines read (JSON, JUnit XML, exit code),
 * all from a run's summary. Never touches a server.
 *
 * <p>It imports compare (the summary), explain, and run (the records of a run, the health records
 * of {@code health.jsonl} among them); never replay or health, the stages that watch servers.
 */
package io.querytester.report;
