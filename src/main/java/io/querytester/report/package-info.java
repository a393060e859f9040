/**
 * Reports: what people read (console, HTML) and what machines read (JSON, JUnit XML, exit code),
 * all from a run's summary. Never touches a server.
 *
 * <p>It imports compare (the summary), explain, and run (the records of a run, the health records
 * of {@code health.jsonl} among them); never replay or health, the stages that watch servers.
 *
 * <p>{@code report.html} is {@link io.querytester.report.HtmlReport}, the page's frame (head,
 * banner, footer) and the order of its sections, each section a renderer of its own over the one
 * {@link io.querytester.report.Report}: {@code HtmlOverview}, {@code HtmlFindings}, {@code
 * HtmlData} (data at the end), {@code HtmlClassTable}, {@code HtmlGate} (latency, gate, server
 * variables), {@code HtmlDetails} (one {@code HtmlClassDetail} per class, with {@code HtmlCauses}),
 * {@code HtmlHealth}, {@code HtmlSkipped}, {@code HtmlBaseline} and {@code HtmlNotes}. They write
 * through {@code Html}, which escapes every value, and share the small pieces in {@code HtmlParts}
 * (numbers, badges, table heads, cells that sort) and the charts in {@code Charts}.
 *
 * <p>Stages it imports: {@code compare}, {@code explain}, {@code run}, {@code server}, {@code
 * workload} (and the root package).
 */
package io.querytester.report;
