/**
 * The upgrade advisor: answers "what will break" before NEW runs (pre-checks: vendor-documented
 * rules per server version, matched against a workload's statements and OLD's schema) and "which
 * version changed it" after a replay (bisect: the example statements of the differing classes
 * replayed on the versions in between). Pre-checks only read OLD's information_schema and
 * variables; bisect runs only what replay would run, on servers it starts itself or is given.
 *
 * <p>Stages it imports: {@code compare}, {@code replay}, {@code run}, {@code server}, {@code
 * workload} (and the root package).
 */
package io.querytester.advisor;
