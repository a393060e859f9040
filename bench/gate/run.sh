#!/usr/bin/env bash
# The CI gate on a busy machine (issue 42). Two parts, each on a quiet machine and beside BUSY
# processes that keep a processor busy each (`yes > /dev/null`, as on a loaded CI runner):
#  1. `./querytester demo` RUNS times: the regression classes of each run against the quiet runs'
#     (the gate must give the same classes every time);
#  2. the latency corpus (bench/gate/corpus.py): reads whose NEW/OLD ratio is known by
#     construction, 12 slower (x1.5 to plans that read the whole table), 9 faster, 12 the same,
#     replayed with --repeat 4 on 10.2.11 and 11.4.5: which are caught, which stay calm.
# With BASELINE=<git revision> the same runs are made with that revision's build too (built from
# `git archive` into bench/out/gate/baseline), for a before/after on the same machine and hour.
# Prints the summary tables (bench/out/gate/summary.txt); the run folders stay in bench/out/gate.
# Usage: bench/gate/run.sh
#        RUNS=10 BUSY=2 CORPUS_RUNS=2 CORPUS_ROWS=100000 BASELINE=538c4ba bench/gate/run.sh
#        SKIP_DEMO=1 / SKIP_CORPUS=1 leave out a part.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
runs="${RUNS:-10}"
busy="${BUSY:-$(nproc)}"
corpus_runs="${CORPUS_RUNS:-2}"
rows="${CORPUS_ROWS:-100000}"
out="$root/bench/out/gate"
rm -rf "$out"
mkdir -p "$out"

tools=("current:$root/querytester")
if [[ -n "${BASELINE:-}" ]]; then
  src="$out/baseline"
  mkdir -p "$src"
  git archive "$BASELINE" | tar -x -C "$src"
  (cd "$src" && ./mvnw -q -B -DskipTests package)
  tools+=("baseline:$src/querytester")
fi
"$root/querytester" --version >/dev/null # builds it when it is missing or older than the sources

pids=()
start_busy() {
  for ((b = 0; b < busy; b++)); do
    yes >/dev/null &
    pids+=($!)
  done
}
stop_busy() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  pids=()
}
trap stop_busy EXIT

# One line per run in runs.tsv: tool, part, condition, run, exit code, load average, folder.
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$out/runs.tsv"; }

run_demo() { # tool-name launcher condition
  for ((i = 1; i <= runs; i++)); do
    dir="$out/$1/demo-$3-$i"
    load="$(cut -d' ' -f1 /proc/loadavg)"
    code=0
    (cd "$root" && "$2" demo --out "$dir" --quiet >"$dir.out" 2>&1) || code=$?
    record "$1" demo "$3" "$i" "$code" "$load" "$dir"
    echo "$1 demo $3 $i: exit $code, load $load: $(head -1 "$dir.out" | cut -c1-70)"
  done
}

run_corpus() { # tool-name launcher condition
  for ((i = 1; i <= corpus_runs; i++)); do
    dir="$out/$1/corpus-$3-$i"
    load="$(cut -d' ' -f1 /proc/loadavg)"
    code=0
    "$2" replay --workload "$out/corpus/workload.jsonl" --load "$out/corpus/schema.sql" \
      --repeat 4 --out "$dir" --quiet >"$dir.out" 2>&1 || code=$?
    record "$1" corpus "$3" "$i" "$code" "$load" "$dir"
    echo "$1 corpus $3 $i: exit $code, load $load: $(head -1 "$dir.out" | cut -c1-70)"
  done
}

python3 bench/gate/corpus.py "$out/corpus" "$rows"
for t in "${tools[@]}"; do
  name="${t%%:*}"
  launcher="${t#*:}"
  mkdir -p "$out/$name"
  for condition in quiet busy; do
    [[ "$condition" == busy ]] && start_busy
    [[ -z "${SKIP_DEMO:-}" ]] && run_demo "$name" "$launcher" "$condition"
    [[ -z "${SKIP_CORPUS:-}" ]] && run_corpus "$name" "$launcher" "$condition"
    stop_busy
  done
done
echo
python3 bench/gate/summarize.py "$out" "$busy" | tee "$out/summary.txt"
