#!/usr/bin/env bash
# Run by the build after the integration tests: fails if any server started by the tests (their
# data dirs live under the given folder) is still running.
dir="$1"
for _ in $(seq 1 20); do
  left=$(pgrep -af -- "--datadir=$dir" || true)
  [[ -z "$left" ]] && { echo "no server left running after the integration tests"; exit 0; }
  sleep 1
done
echo "servers left running after the integration tests:" >&2
echo "$left" >&2
exit 1
