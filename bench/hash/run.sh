#!/usr/bin/env bash
# Row hashing: hash4j's XXH3-128 (what replay uses) against zero-allocation-hashing's xx128 (what
# it used before, through sun.misc.Unsafe): the same values, and ns per row for several row sizes.
# Usage: bench/hash/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/find-jdk.sh
JAVA_HOME="$(find_jdk)"; export JAVA_HOME
repo="$HOME/.m2/repository"
h4="com.dynatrace.hash4j:hash4j:0.31.0"
za="net.openhft:zero-allocation-hashing:2026.0"
for a in "$h4" "$za"; do ./mvnw -q -B dependency:get -Dartifact="$a" >/dev/null; done
cp="$repo/com/dynatrace/hash4j/hash4j/0.31.0/hash4j-0.31.0.jar"
cp="$cp:$repo/net/openhft/zero-allocation-hashing/2026.0/zero-allocation-hashing-2026.0.jar"
# zero-allocation-hashing's Unsafe warnings go to stderr; only the figures are of interest here.
"$JAVA_HOME/bin/java" -cp "$cp" bench/hash/RowHashBench.java 2>/dev/null
