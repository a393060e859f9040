#!/usr/bin/env bash
# Replay throughput: the whole `querytester replay` command (./querytester, jdbc: targets) beside a
# bare JDBC loop (same statements, same concurrency, nothing compared) and pt-upgrade, on embedded
# MariaDB 10.2.11 and 11.4.5 with sysbench-shaped data, in interleaved rounds, with CPU seconds;
# then a 10M-row comparison under -Xmx256m. Prints a summary table (bench/out/replay/results.txt)
# and the time to the first statement sent: the tool's, and beside it the bare loop's with one
# statement (the launcher's JVM options and a class-data archive: the least any Java replay pays),
# and what spreading reads (the default) does at 32 connections with the servers behind a 2 ms forwarder.
# Usage: bench/replay/run.sh [statements [rounds [concurrencies]]]   (default 20000 2 1,8,32)
#        SKIP_BIG=1 bench/replay/run.sh ...   leaves out the 10M-row comparison
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
command -v pt-upgrade >/dev/null || echo "note: pt-upgrade missing (apt-get install percona-toolkit)" >&2
./mvnw -q -B -DskipTests package test-compile
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
out=bench/out/replay
rm -rf "$out"; mkdir -p "$out"
"$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.ReplayBenchmark "${1:-20000}" "${2:-2}" "$out" "${3:-1,8,32}"
if [[ -z "${SKIP_BIG:-}" ]]; then
  echo
  echo "10M-row result compared with -Xmx256m:"
  "$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.BigResultBenchmark 10000000 "$out"
fi
