#!/usr/bin/env bash
# Memory flat in workload size: N trivial SELECTs (default 1,000,000) replayed on embedded 10.2.11
# and 11.4.5 by the packaged tool under -Xmx256m; fails when it does not complete.
# Usage: bench/replay/memory.sh [events]   (takes minutes: about events / 3,000 seconds on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
./mvnw -q -B -DskipTests package test-compile
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
out=bench/out/memory
rm -rf "$out"; mkdir -p "$out"
"$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.MemoryBenchmark "${1:-1000000}" "$out"
