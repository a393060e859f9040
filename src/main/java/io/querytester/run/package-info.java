/**
 * The records of a run that several stages share: an execution, an observation on one side, its
 * outcome, a difference and its kind, and the comparator that turns two observations into
 * differences; with the run folder's files ({@code run.json}, {@code executions.jsonl}, and after a
 * write replay {@code data.json}, the tables OLD and NEW ended with). Replay writes them, compare,
 * health and report read them; this package imports none of those stages.
 */
package io.querytester.run;
