#!/usr/bin/env bash
# What the health watch (crash detection, error-log tail, counters) costs a replay: the same
# sysbench-shaped workload on embedded MariaDB 10.2.11 and 11.4.5, with and without the watch.
# Usage: bench/health/run.sh [statements]   (default 20000)
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
./mvnw -q -B -DskipTests package test-compile
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
out=bench/out/health
rm -rf "$out"; mkdir -p "$out"
"$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.HealthOverheadBenchmark "${1:-20000}" "$out"
