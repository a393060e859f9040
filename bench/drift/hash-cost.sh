#!/usr/bin/env bash
# Server CPU of each per-chunk checksum choice over the whole bench.sbtest table, on each server
# given by port (the servers bench/drift/run.sh starts; KEEP=1 leaves them running).
# CPU = the server process's utime+stime from /proc before and after the statement (all threads),
# so it counts only the server's work, not the client's. Each statement runs REPEAT times (2);
# the best is printed. The statements read only.
#
# Usage: bench/drift/hash-cost.sh PORT [PORT ...]
set -euo pipefail
cache="${QUERYTESTER_CACHE:-$HOME/.cache/querytester}"
client="$cache/mariadb-11.4.5/bin/mariadb"
sql() { local port=$1; shift; LD_LIBRARY_PATH="$(dirname "$client")/../libs" "$client" --no-defaults --skip-ssl -h127.0.0.1 -P"$port" -uroot -N -B "$@"; }
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# the table's columns as drift normalises them, two ways
hexcols="id, k, HEX(c), HEX(pad), CAST(price AS DECIMAL(65,6)), HEX(note), CONCAT(ISNULL(price), ISNULL(note))"
hexrow="CONCAT_WS('#', $hexcols)"
binrow="CONCAT_WS('#', CONCAT_WS(',', LENGTH(c), LENGTH(pad), IFNULL(LENGTH(note), 'N'), ISNULL(price)), id, k, CAST(c AS BINARY), CAST(pad AS BINARY), CAST(price AS DECIMAL(65,6)), CAST(note AS BINARY))"
binrev="CONCAT_WS('#', CAST(note AS BINARY), CAST(price AS DECIMAL(65,6)), CAST(pad AS BINARY), CAST(c AS BINARY), k, id, CONCAT_WS(',', LENGTH(c), LENGTH(pad), IFNULL(LENGTH(note), 'N'), ISNULL(price)))"
# what drift hashes: text as HEX() (before 2026-11-25), or as stored bytes with their byte lengths
roundhex="CONCAT_WS('#', id, k, HEX(c), HEX(pad), ROUND(price, 6) + 0, HEX(note), CONCAT(ISNULL(price), ISNULL(note)))"
rawlen="CONCAT_WS('#', id, k, c, pad, ROUND(price, 6) + 0, note, LENGTH(c), LENGTH(pad), LENGTH(note), CONCAT(ISNULL(price), ISNULL(note)))"
ptrow="CONCAT_WS('#', id, k, c, pad, price, note, CONCAT(ISNULL(price), ISNULL(note)))"
half() { echo "COALESCE(SUM(CAST(CONV(SUBSTRING($1, $2, 16), 16, 10) AS UNSIGNED)), 0)"; }
from="FROM bench.sbtest FORCE INDEX (PRIMARY) WHERE id > 0"
declare -a names stmts
add() { names+=("$1"); stmts+=("$2"); }
add "scan only: COUNT(*), SUM(k)" "SELECT COUNT(*), SUM(k) $from"
add "boundary: LIMIT 1 OFFSET rows-1 on PRIMARY" "SELECT id $from ORDER BY id LIMIT 1 OFFSET 999999"
add "row text only: SUM(LENGTH(hex row))" "SELECT COUNT(*), SUM(LENGTH($hexrow)) $from"
add "row text only: SUM(LENGTH(binary row))" "SELECT COUNT(*), SUM(LENGTH($binrow)) $from"
add "v1: MD5(hex row), 2 halves SUM (128 bit)" "SELECT COUNT(*), $(half h 1), $(half h 17) FROM (SELECT MD5($hexrow) AS h $from) x"
add "MD5(hex row), 1 half SUM (64 bit)" "SELECT COUNT(*), $(half "MD5($hexrow)" 1) $from"
add "drift before: MD5(HEX text, ROUND), 1 half SUM" "SELECT COUNT(*), $(half "MD5($roundhex)" 1) $from"
add "drift now: MD5(raw text + lengths), 1 half SUM" "SELECT COUNT(*), $(half "MD5($rawlen)" 1) $from"
add "MD5(binary row), 2 halves SUM (128 bit)" "SELECT COUNT(*), $(half h 1), $(half h 17) FROM (SELECT MD5($binrow) AS h $from) x"
add "MD5(binary row), 1 half SUM (64 bit)" "SELECT COUNT(*), $(half "MD5($binrow)" 1) $from"
add "MD5(binary row), 1 half BIT_XOR (64 bit)" "SELECT COUNT(*), BIT_XOR(CAST(CONV(LEFT(MD5($binrow), 16), 16, 10) AS UNSIGNED)) $from"
add "CRC32(binary row) + CRC32(reversed), 2 SUMs (64 bit)" "SELECT COUNT(*), SUM(CRC32($binrow)), SUM(CRC32($binrev)) $from"
add "pt-table-checksum: BIT_XOR(CRC32(row)) (32 bit)" "SELECT COUNT(*), BIT_XOR(CRC32($ptrow)) $from"
REPEAT=${REPEAT:-2}
printf "%-55s" "server CPU seconds (best of $REPEAT), 1M rows"
for port in "$@"; do printf "%14s" "$(sql "$port" -e 'SELECT VERSION()' | cut -d- -f1)"; done; echo
for i in "${!names[@]}"; do
  printf "%-55s" "${names[$i]}"
  for port in "$@"; do
    pid=$(cat "$(sql "$port" -e 'SELECT @@pid_file')")
    best=""
    for _ in $(seq 1 "$REPEAT"); do
      a=$(cpu "$pid"); sql "$port" -e "${stmts[$i]}" >/dev/null; b=$(cpu "$pid")
      s=$(echo "scale=2; ($b - $a) / $ticks" | bc)
      [[ -z $best || $(echo "$s < $best" | bc) == 1 ]] && best=$s
    done
    printf "%14s" "$best"
  done
  echo
done
