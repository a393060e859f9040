#!/usr/bin/env bash
# Write replay as a DBA certifies a read-write workload: a "production" MariaDB 11.4.5 runs sysbench
# oltp_read_write with its slow log at long_query_time=0; OLD and NEW start from a dump taken just
# before; the capture is replayed with --allow-writes, and the final table checksums of OLD, NEW and
# production are compared. Prints production's rate and time beside the replay's, with its CPU.
# Beside each replay, the same statements through a bare JDBC loop (no transactions, no order):
# the machine's ceiling for them.
# Usage: bench/writes/run.sh [old-version [seconds [threads [rounds [concurrency [rate]]]]]]
#        (default 11.4.5 5 8 2 = threads 0: two identical servers, production as fast as it goes;
#        rate: production's transactions per second, sysbench --rate)
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
command -v sysbench >/dev/null || { echo "sysbench missing: apt-get install sysbench" >&2; exit 3; }
./mvnw -q -B -DskipTests package test-compile
./mvnw -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
cp="target/test-classes:target/classes:$(cat target/bench.classpath)"
out=bench/out/writes
rm -rf "$out"; mkdir -p "$out"
"$JAVA_HOME/bin/java" -cp "$cp" io.querytester.bench.WriteReplayBenchmark \
  "${1:-11.4.5}" "${2:-5}" "${3:-8}" "${4:-2}" "$out" "${5:-${3:-8}}" "${6:-0}"
