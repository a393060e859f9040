#!/usr/bin/env bash
# With `bench/writes/run.sh 11.4.5 5 8 0` serving (rounds 0): restores OLD and NEW from the dump,
# replays the capture with the arguments given, and prints the three servers' table checksums.
# Usage: bench/writes/replay-by-hand.sh RUN_DIR [replay options...]
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/out/writes/servers.env
run="$1"; shift
for side in old new; do
  port_var="${side^^}_PORT"
  LD_LIBRARY_PATH="$LIBS" "$CLIENT" --defaults-file="$CNF" --defaults-group-suffix="_$side" \
    --host=127.0.0.1 --port="${!port_var}" --skip-ssl -e "DROP DATABASE IF EXISTS sbtest"
  LD_LIBRARY_PATH="$LIBS" "$CLIENT" --defaults-file="$CNF" --defaults-group-suffix="_$side" \
    --host=127.0.0.1 --port="${!port_var}" --skip-ssl < "$DUMP"
done
rm -rf "$run"
/usr/bin/time -f "wall %e s, CPU %U+%S s" ./querytester replay --workload "$WORKLOAD" --out "$run" \
  --old "$OLD_URL" --new "$NEW_URL" --defaults-file "$CNF" --old-defaults-group-suffix _old \
  --new-defaults-group-suffix _new --no-color --allow-writes "$@" || true
for side in old new; do
  port_var="${side^^}_PORT"
  echo "$side: $(LD_LIBRARY_PATH="$LIBS" "$CLIENT" --defaults-file="$CNF" --defaults-group-suffix="_$side" \
    --host=127.0.0.1 --port="${!port_var}" --skip-ssl -N -e "CHECKSUM TABLE sbtest.sbtest1, sbtest.sbtest2, sbtest.sbtest3, sbtest.sbtest4" | awk '{printf "%s ", $2}')"
done
cat bench/out/writes/prod-checksums.txt 2>/dev/null || true
