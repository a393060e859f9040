#!/usr/bin/env bash
# The execution log without servers: bytes per execution (short lines against every line in full),
# report writing for a 20,000-statement run, and 1M events reported, compared and merged by the
# packaged tool with -Xmx256m. Usage: bench/log/run.sh [statements (20000)] [big events (1000000)]
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
./mvnw -q -B -DskipTests package test-compile
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
out=bench/out/log
rm -rf "$out"; mkdir -p "$out"
"$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.ExecutionLogBenchmark "$out" "${1:-20000}" "${2:-1000000}"
