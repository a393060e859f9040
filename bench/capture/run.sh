#!/usr/bin/env bash
# Slow-log capture throughput: querytester capture (parse + fingerprint + write) against
# pt-query-digest's parse of the same generated log. Not a test: it prints figures.
#
# Usage: bench/capture/run.sh [EVENTS] [PT_EVENTS]
#   EVENTS     events in the generated slow log (default 1000000)
#   PT_EVENTS  events pt-query-digest is timed on (default 100000: a prefix of the same log,
#              since pt-query-digest needs minutes for a million); set it to EVENTS for the full file
# Needs python3 and pt-query-digest (apt-get install -y percona-toolkit).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
events="${1:-1000000}"
pt_events="${2:-100000}"
out="$root/bench/out"
mkdir -p "$out"

log="$out/slow-$events.log"
[[ -f "$log" ]] || { echo "generating $log ..." >&2; python3 "$here/generate-slowlog.py" "$events" "$log"; }
pt_log="$out/slow-$pt_events.log"
[[ -f "$pt_log" ]] || python3 "$here/generate-slowlog.py" "$pt_events" "$pt_log"

now() { date +%s.%N; }
mb() { echo "scale=1; $(stat -c %s "$1") / 1000000" | bc; }

# Build once (and warm the page cache) so only the capture is timed.
"$root/querytester" --version >/dev/null
cat "$log" >/dev/null

echo "querytester capture --source slowlog $log --out $out/capture.jsonl.gz" >&2
t0=$(now)
"$root/querytester" capture --quiet --source slowlog "$log" --out "$out/capture.jsonl.gz" >"$out/capture.txt"
t1=$(now)
qt=$(echo "$t1 - $t0" | bc)

if command -v pt-query-digest >/dev/null; then
  echo "pt-query-digest $pt_log" >&2
  t0=$(now)
  pt-query-digest "$pt_log" >"$out/pt-query-digest.txt"
  t1=$(now)
  pt=$(echo "$t1 - $t0" | bc)
else
  pt=""
  echo "pt-query-digest is not installed: apt-get install -y percona-toolkit" >&2
fi

printf '\n%-34s %12s %10s %10s %14s %8s\n' "tool" "events" "MB" "seconds" "events/s" "MB/s"
row() { # name events file seconds
  printf '%-34s %12d %10s %10.2f %14.0f %8.1f\n' "$1" "$2" "$(mb "$3")" "$4" \
    "$(echo "$2 / $4" | bc -l)" "$(echo "$(stat -c %s "$3") / 1000000 / $4" | bc -l)"
}
row "querytester capture (JVM start incl.)" "$events" "$log" "$qt"
if [[ -n "$pt" ]]; then
  row "pt-query-digest $(pt-query-digest --version 2>/dev/null | awk '{print $2}')" "$pt_events" "$pt_log" "$pt"
  echo
  echo "ratio (events/s): $(echo "($events / $qt) / ($pt_events / $pt)" | bc -l | xargs printf '%.1f')x"
fi
echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1 || true)"
