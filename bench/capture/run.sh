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

mb() { echo "scale=1; $(stat -c %s "$1") / 1000000" | bc; }
# Wall and CPU seconds (user + system): CPU time stays comparable on a busy machine.
timed() { /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$@"; read -r wall user sys <"$out/time.txt"; cpu=$(echo "$user + $sys" | bc); }

# Build once (and warm the page cache) so only the capture is timed.
"$root/querytester" --version >/dev/null
cat "$log" "$pt_log" >/dev/null

echo "querytester capture --quiet --type slowlog $log --out $out/capture.jsonl.gz" >&2
timed "$root/querytester" capture --quiet --type slowlog "$log" --out "$out/capture.jsonl.gz"
qt_wall=$wall qt_cpu=$cpu

pt=""
if command -v pt-query-digest >/dev/null; then
  echo "pt-query-digest $pt_log > $out/pt-query-digest.txt" >&2
  timed sh -c "pt-query-digest '$pt_log' > '$out/pt-query-digest.txt'"
  pt=1 pt_wall=$wall pt_cpu=$cpu
else
  echo "pt-query-digest is not installed: apt-get install -y percona-toolkit" >&2
fi

printf '\n%-26s %10s %8s %9s %9s %12s %12s %8s\n' tool events MB wall-s cpu-s events/s events/cpu-s MB/s
row() { # name events file wall cpu
  printf '%-26s %10d %8s %9.2f %9.2f %12.0f %12.0f %8.1f\n' "$1" "$2" "$(mb "$3")" "$4" "$5" \
    "$(echo "$2 / $4" | bc -l)" "$(echo "$2 / $5" | bc -l)" "$(echo "$(stat -c %s "$3") / 1000000 / $4" | bc -l)"
}
row "querytester capture" "$events" "$log" "$qt_wall" "$qt_cpu"
if [[ -n "$pt" ]]; then
  row "pt-query-digest $(pt-query-digest --version 2>/dev/null | awk '{print $2}')" "$pt_events" "$pt_log" "$pt_wall" "$pt_cpu"
  echo
  echo "events/s ratio: $(echo "($events / $qt_wall) / ($pt_events / $pt_wall)" | bc -l | xargs printf '%.1f')x wall clock, $(echo "($events / $qt_cpu) / ($pt_events / $pt_cpu)" | bc -l | xargs printf '%.1f')x per CPU second"
fi
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $("$root/querytester" --version | tail -1)"
