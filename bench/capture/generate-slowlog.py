#!/usr/bin/env python3
"""Writes a MySQL 5.7/8.0-style slow log with a realistic mix of query classes.

Usage: generate-slowlog.py EVENTS OUT [SEED]
Deterministic for a given seed, so runs are comparable.
"""
import random
import sys


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 42)
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]

    def s():
        return "'" + rnd.choice(words) + str(rnd.randint(1, 99999)) + "'"

    def i(hi=1000000):
        return str(rnd.randint(1, hi))

    shapes = [
        # (weight, schema, generator)
        (30, "shop", lambda: f"SELECT c FROM sbtest1 WHERE id={i()}"),
        (10, "shop", lambda: f"SELECT c FROM sbtest{rnd.randint(1, 8)} WHERE id BETWEEN {i()} AND {i()}"),
        (6, "shop", lambda: f"SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN {i()} AND {i()}"),
        (6, "shop", lambda: f"SELECT c FROM sbtest1 WHERE id BETWEEN {i()} AND {i()} ORDER BY c"),
        (5, "shop", lambda: f"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN {i()} AND {i()} ORDER BY c"),
        (8, "shop", lambda: "SELECT o.id, o.total, c.name FROM orders o JOIN customers c ON c.id = o.customer_id\n"
                            f"WHERE o.status = {s()} AND o.created_at > '2026-0{rnd.randint(1, 9)}-1{rnd.randint(0, 9)} 00:00:00'\n"
                            f"ORDER BY o.created_at DESC LIMIT {rnd.randint(10, 50)}"),
        (6, "shop", lambda: "SELECT * FROM products WHERE id IN (" + ",".join(i() for _ in range(rnd.randint(2, 30))) + ")"),
        (5, "shop", lambda: f"UPDATE sbtest1 SET k=k+1 WHERE id={i()}"),
        (4, "shop", lambda: f"UPDATE sbtest1 SET c={s()} WHERE id={i()}"),
        (3, "shop", lambda: f"DELETE FROM sbtest1 WHERE id={i()}"),
        (4, "shop", lambda: "INSERT INTO sbtest1 (id, k, c, pad) VALUES " + ",".join(f"({i()},{i()},{s()},{s()})" for _ in range(rnd.randint(1, 5)))),
        (3, "crm", lambda: f"SELECT COUNT(*) FROM contacts WHERE email LIKE {s()}"),
        (2, "crm", lambda: f"SELECT id, name FROM contacts WHERE account_id = {i()} AND deleted = 0 ORDER BY name LIMIT 20 /* app:crm-list */"),
        (2, "crm", lambda: f"SELECT a.* FROM accounts a WHERE a.region = {s()} GROUP BY a.owner_id HAVING COUNT(*) > {rnd.randint(1, 9)}"),
        (2, "shop", lambda: "BEGIN"),
        (2, "shop", lambda: "COMMIT"),
        (1, "shop", lambda: f"SELECT /*+ MAX_EXECUTION_TIME(1000) */ id FROM orders WHERE customer_id = {i()} FOR UPDATE"),
        (1, "shop", lambda: f"SET @last_id = {i()}"),
        (1, "crm", lambda: "SHOW TABLE STATUS LIKE 'contacts'"),
    ]
    total = sum(w for w, _, _ in shapes)
    table = []
    for w, schema, gen in shapes:
        table += [(schema, gen)] * w

    t = 1763700000  # 2025-11-21
    usec = 0
    last_db = None
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n")
        f.write("Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n")
        f.write("Time                 Id Command    Argument\n")
        for n_ in range(n):
            schema, gen = rnd.choice(table)
            usec += rnd.randint(50, 3000)
            if usec >= 1000000:
                t += usec // 1000000
                usec %= 1000000
            qt = rnd.randint(20, 500000) / 1e6
            sec = t
            import time as _t
            tm = _t.strftime("%Y-%m-%dT%H:%M:%S", _t.gmtime(sec))
            tid = rnd.randint(10, 400)
            f.write(f"# Time: {tm}.{usec:06d}Z\n")
            f.write(f"# User@Host: app[app] @ web{tid % 7}.example.com [10.0.0.{tid % 250}]  Id: {tid:>7}\n")
            f.write(f"# Query_time: {qt:.6f}  Lock_time: 0.000{rnd.randint(100, 999)} Rows_sent: {rnd.randint(0, 50)}  Rows_examined: {rnd.randint(0, 5000)}\n")
            if schema != last_db:
                f.write(f"use {schema};\n")
                last_db = schema
            f.write(f"SET timestamp={sec};\n")
            f.write(gen() + ";\n")
            if n_ % 50000 == 49999:
                f.write("# Time: " + tm + f".{usec:06d}Z\n# User@Host: app[app] @ web1.example.com [10.0.0.1]  Id: {tid:>7}\n"
                        "# Query_time: 0.000010  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\n"
                        f"SET timestamp={sec};\n# administrator command: Quit;\n")


if __name__ == "__main__":
    main()
