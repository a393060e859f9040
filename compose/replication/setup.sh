#!/bin/bash
# Makes `replica` a GTID replica of `source` and loads samples/ into the source. Run by the setup
# service of mysql-8.0-replication.yml once both servers answer; does nothing when the replica is
# already set up. The root password comes in MYSQL_PWD (the mysql client reads it), the
# replication account's in REPL_PASSWORD.
set -euo pipefail

on() { mysql --protocol=tcp -h "$1" -uroot --batch --skip-column-names "${@:2}"; }
# An SQL string literal of $1: backslashes and quotes doubled.
sql_string() { local s=${1//\\/\\\\}; s=${s//\'/\'\'}; printf "'%s'" "$s"; }
repl_password=$(sql_string "$REPL_PASSWORD")

if [ -n "$(on replica -e 'SHOW REPLICA STATUS')" ]; then
  echo "replica is already set up"
  on replica -e 'SHOW REPLICA STATUS\G' | grep -E 'Replica_(IO|SQL)_Running:|Last_.*Error:'
  exit 0
fi

# Start both binlogs clean: the image's own initialisation (time zone tables) is not replicated.
on source <<SQL
RESET MASTER;
CREATE USER IF NOT EXISTS 'repl'@'%' IDENTIFIED BY $repl_password;
GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%';
SQL

on replica <<SQL
RESET MASTER;
CHANGE REPLICATION SOURCE TO
  SOURCE_HOST = 'source',
  SOURCE_PORT = 3306,
  SOURCE_USER = 'repl',
  SOURCE_PASSWORD = $repl_password,
  SOURCE_AUTO_POSITION = 1,
  GET_SOURCE_PUBLIC_KEY = 1;
START REPLICA;
SQL

echo "loading samples/ into the source ..."
on source < /samples/schema.sql
on source < /samples/data.sql

# Wait until the replica has applied everything the source has.
gtids=$(on source -e "SELECT REPLACE(@@GLOBAL.gtid_executed, '\\n', '')")
if [ "$(on replica -e "SELECT WAIT_FOR_EXECUTED_GTID_SET('$gtids', 120)")" != "0" ]; then
  echo "the replica did not catch up within 120 s:" >&2
  on replica -e 'SHOW REPLICA STATUS\G' >&2
  exit 1
fi
echo "replica is in sync with the source ($gtids)"
