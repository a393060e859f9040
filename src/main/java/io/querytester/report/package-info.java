/**
 * Reports: what people read (console, HTML) and what machines read (JSON, JUnit XML, exit code),
 * all from a run's summary. Never touches a server.
 */
package io.querytester.report;
