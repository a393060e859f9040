#!/usr/bin/env bash
# Drift benchmark: rows/s checked on one large table between a source and a replica (two embedded
# MariaDB servers replicating over loopback), querytester drift side by side with pt-table-checksum.
#
# Usage: bench/drift/run.sh [ROWS] [SOURCE_VERSION] [REPLICA_VERSION]
#        defaults: 1000000 10.2.11 11.4.5
# Needs: the cached server builds (made by any querytester run; this script makes them if missing),
#        optionally pt-table-checksum (apt-get install -y percona-toolkit).
# Prints a summary; writes logs to bench/out/drift-<time>/. Not a test: nothing asserts a speed.
set -euo pipefail
ROWS=${1:-1000000}
SV=${2:-10.2.11}
RV=${3:-11.4.5}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cache="${QUERYTESTER_CACHE:-$HOME/.cache/querytester}"
out="$here/bench/out/drift-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
work="$(mktemp -d /tmp/qtb.XXXXXX)" # short: socket paths must stay under 107 characters
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do while kill -0 "$p" 2>/dev/null; do sleep 0.2; done; done
  rm -rf "$work"
}
trap cleanup EXIT

if [[ ! -d "$cache/mariadb-$SV" || ! -d "$cache/mariadb-$RV" ]]; then
  echo "unpacking MariaDB $SV and $RV (once) ..."
  "$here/querytester" demo --old "embedded:mariadb-$SV" --new "embedded:mariadb-$RV" >/dev/null
fi
"$here/querytester" --version >/dev/null # builds the jar when needed

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
first() { for f in "$@"; do [[ -x "$f" ]] && { echo "$f"; return; }; done; return 1; }

# start NAME VERSION PORT OPTIONS... : installs a data dir and starts a server, as EmbeddedServer does
start() {
  local name=$1 v=$2 port=$3; shift 3
  local base="$cache/mariadb-$v" dir="$work/$name"
  mkdir -p "$dir/data"
  local installer server
  installer=$(first "$base/scripts/mariadb-install-db" "$base/scripts/mysql_install_db" "$base/bin/mysql_install_db")
  server=$(first "$base/bin/mariadbd" "$base/bin/mysqld")
  local extra=()
  [[ $v == 11.* || $v == 10.[4-9]* || $v == 10.1[0-9]* ]] && extra+=(--auth-root-authentication-method=normal)
  (cd "$base" && LD_LIBRARY_PATH="$base/libs" "$installer" --no-defaults --basedir="$base" \
    --datadir="$dir/data" --user=root --force --skip-name-resolve "${extra[@]}" >"$dir/install.log" 2>&1)
  local ssl=()
  [[ $v == 11.* ]] && ssl+=(--skip-ssl)
  LD_LIBRARY_PATH="$base/libs" "$server" --no-defaults --basedir="$base" --datadir="$dir/data" \
    --port="$port" --bind-address=127.0.0.1 --socket="$dir/s.sock" --pid-file="$dir/m.pid" \
    --log-error="$dir/error.log" --user=root --skip-name-resolve --character-set-server=utf8mb4 \
    --collation-server=utf8mb4_general_ci --innodb-buffer-pool-size=512M "${ssl[@]}" "$@" \
    >"$dir/out.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do sql "$port" -e "SELECT 1" >/dev/null 2>&1 && return; sleep 0.2; done
  echo "$name did not start; see $dir/error.log" >&2; tail -20 "$dir/error.log" >&2; exit 3
}
client="$(first "$cache/mariadb-11.4.5/bin/mariadb" "$cache/mariadb-$RV/bin/mariadb")"
sql() { local port=$1; shift; LD_LIBRARY_PATH="$(dirname "$client")/../libs" "$client" --no-defaults --skip-ssl -h127.0.0.1 -P"$port" -uroot -N -B "$@"; }

SP=$(free_port); RP=$(free_port)
echo "starting source $SV on $SP and replica $RV on $RP ..."
start source "$SV" "$SP" --log-bin=mysql-bin --server-id=1 --binlog-format=ROW
start replica "$RV" "$RP" --server-id=2 --report-host=127.0.0.1 --report-port="$RP"
sql "$RP" -e "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$SP, MASTER_USER='root', MASTER_PASSWORD='', MASTER_SSL=0, MASTER_USE_GTID=slave_pos; START SLAVE"

echo "loading $ROWS rows (sysbench-like shape) ..."
t0=$(date +%s.%N)
sql "$SP" -e "CREATE DATABASE bench; CREATE TABLE bench.digits (d INT PRIMARY KEY);
  INSERT INTO bench.digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
  CREATE TABLE bench.sbtest (id INT NOT NULL PRIMARY KEY, k INT NOT NULL, c CHAR(120) NOT NULL,
    pad CHAR(60) NOT NULL, price DOUBLE NULL, note VARCHAR(64) NULL, KEY k (k)) ENGINE=InnoDB"
batch=100000
for ((lo=0; lo<ROWS; lo+=batch)); do
  sql "$SP" -e "INSERT INTO bench.sbtest SELECT n + 1, (n * 7919) % $ROWS,
      CONCAT(MD5(n), '-', MD5(n + 1), '-café'), CONCAT(MD5(n * 3), ' '),
      IF(n % 10 = 0, NULL, n / 7), IF(n % 3 = 0, NULL, CONCAT('note ', n))
    FROM (SELECT $lo + a.d + b.d * 10 + c.d * 100 + e.d * 1000 + f.d * 10000 AS n
          FROM bench.digits a, bench.digits b, bench.digits c, bench.digits e, bench.digits f) x
    WHERE n < $ROWS"
done
sql "$SP" -e "DROP TABLE bench.digits"
pos=$(sql "$SP" -e "SELECT @@gtid_binlog_pos")
sql "$RP" -e "SELECT MASTER_GTID_WAIT('$pos', 600)" >/dev/null
printf "loaded and replicated in %.0f s\n" "$(echo "$(date +%s.%N) - $t0" | bc)"
rows=$(sql "$RP" -e "SELECT COUNT(*) FROM bench.sbtest")
[[ $rows == "$ROWS" ]] || { echo "replica has $rows rows, expected $ROWS" >&2; exit 3; }

binlog() { sql "$SP" -e "SHOW MASTER STATUS" | awk '{print $1":"$2}'; }
if [[ -n ${KEEP:-} ]]; then
  echo "KEEP: source on $SP (pid ${pids[0]}), replica on $RP (pid ${pids[1]}); Ctrl-C stops them"
  echo "$SP ${pids[0]} $RP ${pids[1]}" >"$out/ports"
  while :; do sleep 3600; done
fi

echo "querytester drift ..."
before=$(binlog)
t0=$(date +%s.%N)
set +e
"$here/querytester" drift --source "jdbc:mysql://127.0.0.1:$SP/?sslMode=DISABLED" \
  --replica "jdbc:mysql://127.0.0.1:$RP/?sslMode=DISABLED" --databases bench \
  --out "$out/qt" >"$out/qt.out" 2>"$out/qt.err"
qt_exit=$?
set -e
qt_s=$(echo "$(date +%s.%N) - $t0" | bc)
qt_binlog="$before -> $(binlog)"
tail -n 3 "$out/qt.out"

pt_s=""; pt_exit=""; pt_binlog=""
if command -v pt-table-checksum >/dev/null; then
  echo "pt-table-checksum ..."
  before=$(binlog)
  t0=$(date +%s.%N)
  set +e
  pt-table-checksum "h=127.0.0.1,P=$SP,u=root" --databases bench --recursion-method=hosts \
    --chunk-time 0.5 --no-check-binlog-format >"$out/pt.out" 2>"$out/pt.err"
  pt_exit=$?
  set -e
  pt_s=$(echo "$(date +%s.%N) - $t0" | bc)
  pt_binlog="$before -> $(binlog)"
  cat "$out/pt.out"; tail -n 5 "$out/pt.err"
else
  echo "pt-table-checksum not installed (apt-get install -y percona-toolkit): skipped"
fi

{
  echo "rows: $ROWS, source MariaDB $SV, replica MariaDB $RV, $(nproc) cores"
  printf "querytester drift:  %6.1f s  %9.0f rows/s  exit %s  source binlog %s\n" \
    "$qt_s" "$(echo "$ROWS / $qt_s" | bc -l)" "$qt_exit" "$qt_binlog"
  if [[ -n $pt_s ]]; then
    printf "pt-table-checksum:  %6.1f s  %9.0f rows/s  exit %s  source binlog %s\n" \
      "$pt_s" "$(echo "$ROWS / $pt_s" | bc -l)" "$pt_exit" "$pt_binlog"
  fi
} | tee "$out/summary.txt"
