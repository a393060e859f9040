#!/usr/bin/env bash
# Drift benchmark: rows/s checked on one large table between a source and a replica (two embedded
# MariaDB servers replicating over loopback), querytester drift and pt-table-checksum measured side
# by side in interleaved rounds (best and worst of each), then a check of planted differences.
#
# Usage: bench/drift/run.sh [ROWS] [SOURCE_VERSION] [REPLICA_VERSION]
#        defaults: 1000000 10.2.11 11.4.5
# Environment: ROUNDS=3 timed rounds per tool, alternating which tool goes first;
#        PLANT=0 skips the planted-differences check; QT_OPTS="..." extra options for querytester
#        drift; KEEP=1 loads the data and leaves both servers running (prints their ports);
#        PORTS="SOURCE_PORT REPLICA_PORT" uses servers left running by KEEP=1 instead of starting
#        new ones (the planted check then runs only with PLANT=1, since it changes the replica).
# Needs: the cached server builds (made by any querytester run; this script makes them if missing),
#        optionally pt-table-checksum (apt-get install -y percona-toolkit).
# Prints a compact summary (also in bench/out/drift-<time>/summary.txt); exits 1 when a planted
# difference was missed or something else was reported. Not a test of speed: nothing asserts one.
set -euo pipefail
ROWS=${1:-1000000}
SV=${2:-10.2.11}
RV=${3:-11.4.5}
ROUNDS=${ROUNDS:-3}
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
  # the demo exits 1 when it finds regressions (it does, between these versions): only 2 and 3 are failures
  "$here/querytester" demo --old "embedded:mariadb-$SV" --new "embedded:mariadb-$RV" >/dev/null || (($? == 1))
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
sql() { local port=$1; shift; LD_LIBRARY_PATH="$(dirname "$client")/../libs" "$client" --no-defaults --skip-ssl --default-character-set=utf8mb4 -h127.0.0.1 -P"$port" -uroot -N -B "$@"; }

if [[ -n ${PORTS:-} ]]; then
  read -r SP RP <<<"$PORTS"
else
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

fi
binlog() { sql "$SP" -e "SHOW MASTER STATUS" | awk '{print $1":"$2}'; }
if [[ -n ${KEEP:-} ]]; then
  echo "KEEP: source on $SP (pid ${pids[0]}), replica on $RP (pid ${pids[1]}); Ctrl-C stops them"
  echo "$SP ${pids[0]} $RP ${pids[1]}" >"$out/ports"
  while :; do sleep 3600; done
fi
load="$(cut -d' ' -f1-3 /proc/loadavg)"

# qt NAME: querytester drift with reports in $out/NAME, output in $out/NAME.out/.err; sets rc
qt() {
  set +e
  # shellcheck disable=SC2086
  "$here/querytester" drift --source "jdbc:mysql://127.0.0.1:$SP/?sslMode=DISABLED" \
    --replica "jdbc:mysql://127.0.0.1:$RP/?sslMode=DISABLED" --databases bench ${QT_OPTS:-} \
    --out "$out/$1" >"$out/$1.out" 2>"$out/$1.err"
  rc=$?
  set -e
}
# run_qt ROUND / run_pt ROUND: one timed run each; appends "seconds exit binlog-before binlog-after"
run_qt() {
  local before t0
  before=$(binlog); t0=$(date +%s.%N)
  qt "qt-$1"
  echo "$(echo "$(date +%s.%N) - $t0" | bc) $rc $before $(binlog)" >>"$out/qt.times"
}
run_pt() {
  local before t0 rc
  before=$(binlog); t0=$(date +%s.%N)
  set +e
  pt-table-checksum "h=127.0.0.1,P=$SP,u=root" --databases bench --tables sbtest \
    --recursion-method=hosts --chunk-time 0.5 --no-check-binlog-format \
    >"$out/pt-$1.out" 2>"$out/pt-$1.err"
  rc=$?
  set -e
  echo "$(echo "$(date +%s.%N) - $t0" | bc) $rc $before $(binlog)" >>"$out/pt.times"
}
have_pt=""
command -v pt-table-checksum >/dev/null && have_pt=1
[[ -n $have_pt ]] || echo "pt-table-checksum not installed (apt-get install -y percona-toolkit): skipped"
# The first drift after a build writes the launcher's class-data archive (a cost a user pays once):
# one untimed run, as bench/replay does, so that it does not land in round 1.
if ((ROUNDS > 0)); then
  echo "warm-up run (untimed) ..."
  qt warm-up
fi
for ((r = 1; r <= ROUNDS; r++)); do
  echo "round $r of $ROUNDS ..."
  if ((r % 2)); then run_qt "$r"; fi
  if [[ -n $have_pt ]]; then run_pt "$r"; fi
  if ((r % 2 == 0)); then run_qt "$r"; fi
done
if [[ -f $out/qt-1.out ]]; then tail -n 1 "$out/qt-1.out"; fi

# line TOOL FILE: best and worst wall time of the rounds, rows/s, exits, binlog bytes written
line() {
  python3 - "$1" "$2" "$ROWS" <<'PY'
import sys
tool, path, rows = sys.argv[1], sys.argv[2], int(sys.argv[3])
runs = [l.split() for l in open(path)]
secs = sorted(float(r[0]) for r in runs)
exits = sorted({r[1] for r in runs})
def off(p):
    f, o = p.rsplit(":", 1)
    return f, int(o)
written = []
for r in runs:
    (fa, a), (fb, b) = off(r[2]), off(r[3])
    written.append(b - a if fa == fb else -1)
w = "unchanged" if set(written) == {0} else "+" + "/".join(
    f"{x:,}" if x >= 0 else "new file" for x in sorted(set(written))) + " bytes"
print(f"{tool:19} best {secs[0]:5.1f} s {rows / secs[0]:9,.0f} rows/s   worst {secs[-1]:5.1f} s"
      f" {rows / secs[-1]:9,.0f} rows/s   exit {','.join(exits)}   source binlog {w}")
PY
}
{
  echo "rows: $ROWS, source MariaDB $SV, replica MariaDB $RV, $(nproc) cores, load average $load" \
    "before, $(cut -d' ' -f1-3 /proc/loadavg) after; $ROUNDS interleaved rounds, whole process" \
    "wall time"
  if [[ -f $out/qt.times ]]; then line "querytester drift" "$out/qt.times"; fi
  if [[ -f $out/pt.times ]]; then line "pt-table-checksum" "$out/pt.times"; fi
} | tee "$out/summary.txt"

# Planted differences: after the timed rounds (which ran on identical data), two more tables with a
# binary and a multi-byte key, then differences made on the replica only, then one more check. It
# must find exactly the planted rows, and not the float changed below --float-precision.
if [[ ${PLANT:-$([[ -n ${PORTS:-} ]] && echo 0 || echo 1)} == 1 ]]; then
  echo "planting differences on the replica ..."
  sql "$SP" -e "DROP TABLE IF EXISTS bench.digits, bench.bkeys, bench.mkeys;
    CREATE TABLE bench.digits (d INT PRIMARY KEY);
    INSERT INTO bench.digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
    CREATE TABLE bench.bkeys (k VARBINARY(16) NOT NULL PRIMARY KEY, v INT NOT NULL) ENGINE=InnoDB;
    INSERT INTO bench.bkeys SELECT UNHEX(CONCAT(LPAD(HEX(n % 256), 2, '0'), LEFT(MD5(n), 10))), n
      FROM (SELECT a.d + b.d * 10 + c.d * 100 + e.d * 1000 + f.d * 10000 AS n
            FROM bench.digits a, bench.digits b, bench.digits c, bench.digits e, bench.digits f) x;
    CREATE TABLE bench.mkeys (k VARCHAR(32) NOT NULL PRIMARY KEY, v INT NOT NULL)
      ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
    INSERT INTO bench.mkeys SELECT CONCAT(ELT(1 + n % 4, 'ключ', '鍵', 'café', '🔑'), '-', n), n
      FROM (SELECT a.d + b.d * 10 + c.d * 100 + e.d * 1000 + f.d * 10000 AS n
            FROM bench.digits a, bench.digits b, bench.digits c, bench.digits e, bench.digits f) x;
    DROP TABLE bench.digits"
  pos=$(sql "$SP" -e "SELECT @@gtid_binlog_pos")
  sql "$RP" -e "SELECT MASTER_GTID_WAIT('$pos', 600)" >/dev/null
  # keys with a quote (0x27), a backslash (0x5C) and 0x00 as first byte; price changed by 1e-9
  # (below the default 6 digits: not drift) and by 1e-3 (drift)
  sql "$RP" -e "
    UPDATE bench.sbtest SET c = CONCAT(c, 'x') WHERE id = 123457;
    DELETE FROM bench.sbtest WHERE id = 500000;
    INSERT INTO bench.sbtest VALUES (0, 0, 'extra at the start', '', NULL, NULL),
      ($ROWS + 1, 0, 'extra at the end', '', 1.5, 'é');
    UPDATE bench.sbtest SET note = NULL WHERE id = 777779;
    UPDATE bench.sbtest SET price = NULL WHERE id = 444445;
    UPDATE bench.sbtest SET price = price + 1e-9 WHERE id = 333334;
    UPDATE bench.sbtest SET price = price + 1e-3 WHERE id = 333335;
    UPDATE bench.bkeys SET v = -v WHERE k = UNHEX(CONCAT('27', LEFT(MD5(39), 10)));
    DELETE FROM bench.bkeys WHERE k = UNHEX(CONCAT('5C', LEFT(MD5(92), 10)));
    DELETE FROM bench.bkeys WHERE k = UNHEX(CONCAT('00', LEFT(MD5(256), 10)));
    UPDATE bench.mkeys SET v = -1 WHERE k = '鍵-1';
    DELETE FROM bench.mkeys WHERE k = '🔑-99999';
    INSERT INTO bench.mkeys VALUES ('ключ-ё', 7)"
  qt planted
  python3 - "$out/planted/drift.json" "$rc" "$ROWS" <<'PY' | tee -a "$out/summary.txt"
import json, sys
doc, rc, rows = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
expected = {
    ("bench.sbtest", "DIFFERENT", ("'123457'",), ("c",)),
    ("bench.sbtest", "MISSING", ("'500000'",), ()),
    ("bench.sbtest", "EXTRA", ("'0'",), ()),
    ("bench.sbtest", "EXTRA", (f"'{rows + 1}'",), ()),
    ("bench.sbtest", "DIFFERENT", ("'777779'",), ("note",)),
    ("bench.sbtest", "DIFFERENT", ("'444445'",), ("price",)),
    ("bench.sbtest", "DIFFERENT", ("'333335'",), ("price",)),
    ("bench.bkeys", "DIFFERENT", ("X'27" + "d67d8ab4f4".upper() + "'",), ("v",)),
    ("bench.bkeys", "MISSING", ("X'5C" + "92cc227532".upper() + "'",), ()),
    ("bench.bkeys", "MISSING", ("X'00" + "f718499c1c".upper() + "'",), ()),
    ("bench.mkeys", "DIFFERENT", ("'鍵-1'",), ("v",)),
    ("bench.mkeys", "MISSING", ("'🔑-99999'",), ()),
    ("bench.mkeys", "EXTRA", ("'ключ-ё'",), ()),
}
found = set()
for t in doc["report"]["tables"]:
    for r in t["replicas"]:
        for d in r["rows"]:
            found.add((t["table"], d["kind"], tuple(d["key"]), tuple(d["columns"])))
missed, unexpected = expected - found, found - expected
ok = not missed and not unexpected and rc == "1"
print(f"planted differences: {len(expected & found)} of {len(expected)} found, {len(unexpected)}"
      f" unexpected (a price changed by 1e-9 must not be one), exit {rc}: {'OK' if ok else 'FAILED'}")
for m in sorted(missed):
    print("  missed:", m)
for u in sorted(unexpected):
    print("  unexpected:", u)
sys.exit(0 if ok else 1)
PY
fi
