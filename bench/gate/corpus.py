#!/usr/bin/env python3
"""Writes the latency corpus of bench/gate: a schema (with data) and a workload of reads whose
NEW/OLD ratio is known by construction, for MariaDB 10.2.11 (OLD) and 11.4.5 (NEW).

The load makes the two servers' data differ where a class should differ, and the statements are
the same text on both (a statement with an executable comment gets no --repeat runs):
- data: NEW's copy of a table holds k times the rows (rows that only NEW keeps, which no statement
  matches), or OLD's does: a scan does k times the work on one side. 11.4.5 scans these rows
  in about 0.8 times the time 10.2.11 takes, so the factors are chosen for ratios of about 1.6x,
  2x and 3x;
- plans: a table with an index on one side only (a procedure in the load asks VERSION()): ranges
  of the index on one side, the whole table on the other, from a few rows (tens of times slower)
  to a fortieth of the table (beyond about a twentieth, reading a range of this index costs as much
  as reading the whole table, and the plan change is no slowdown).
Controls are index lookups and ranges with the same plan and data on both sides. Each class runs EXECUTIONS times with other
literals, in a session of its own; replay --repeat adds the samples.

Usage: corpus.py OUT_DIR [rows]   -> OUT_DIR/schema.sql, OUT_DIR/workload.jsonl, OUT_DIR/expected.tsv
"""
import json
import os
import sys

EXECUTIONS = 5

# Class ids come from fingerprints, which read digits in names as literals: names are words.
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    os.makedirs(out, exist_ok=True)
    schema = [
        "CREATE DATABASE IF NOT EXISTS lab",
        "USE lab",
        "CREATE TABLE d (n INT PRIMARY KEY)",
        "INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
        # `rows` rows: id 0..rows-1, c spreads them over 1,000 values, pad makes a scan read bytes
        "CREATE TABLE base (id INT PRIMARY KEY, c INT NOT NULL, pad VARCHAR(100) NOT NULL)",
        "INSERT INTO base SELECT a.n + 10*b.n + 100*c.n + 1000*e.n + 10000*f.n + 100000*g.n,"
        " 0, REPEAT(CHAR(97 + b.n), 60) FROM d a, d b, d c, d e, d f, d g"
        f" WHERE a.n + 10*b.n + 100*c.n + 1000*e.n + 10000*f.n + 100000*g.n < {rows}",
        "UPDATE base SET c = (id * 7919) % 1000",
    ]
    scan_rows = rows // 4

    def table(name, new_factor=1.0, old_factor=1.0):
        schema.append(f"CREATE TABLE {name} (id INT PRIMARY KEY, c INT NOT NULL, pad VARCHAR(100) NOT NULL)")
        schema.append(f"INSERT INTO {name} SELECT id, c, pad FROM base WHERE id < {scan_rows}")
        extra = max(new_factor, old_factor) - 1
        if extra > 0:
            n = int(scan_rows * extra)
            # rows every side inserts; then the side that must have fewer deletes them again
            schema.append(
                f"INSERT INTO {name} SELECT id + 1000000, c, pad FROM base WHERE id < {n}")
            if new_factor > old_factor:
                schema.append(f"DELETE FROM {name} WHERE id >= 1000000 /*!110000 AND 0 */")
            else:
                schema.append(f"DELETE FROM {name} WHERE id >= 1000000 AND (0 /*!110000 OR 1 */)")

    classes = []  # (name, expected, designed, sql template taking an execution number)
    scans = [("new_twice", 2.0), ("new_more", 2.5), ("new_four_times", 4.0)]
    for name, f in scans:
        table(name, new_factor=f)
        classes.append((f"scan NEW x{f:g}", "slower", f,
                        lambda i, t=name: f"SELECT COUNT(*) AS {t} FROM {t} WHERE pad LIKE '%zz{i}%'"))
    for name, f in [("old_half_more", 1.5), ("old_twice", 2.0), ("old_four_times", 4.0)]:
        table(name, old_factor=f)
        classes.append((f"scan OLD x{f:g}", "faster", 1 / f,
                        lambda i, t=name: f"SELECT COUNT(*) AS {t} FROM {t} WHERE pad LIKE '%zy{i}%'"))
    table("same")
    # no scans among the controls: 11.4.5 scans these tables in 0.7-0.8 times 10.2.11's time, a
    # speed-up of its own; index lookups and ranges take about as long on both
    for k in range(4):
        classes.append((f"point lookup #{k + 1}", "same", 1.0,
                        lambda i, k=k: f"SELECT pad AS point_{WORDS[k]} FROM same WHERE id = {997 * i + 31 * k}"))
    for name in ("p", "pn", "po"):
        schema.append(f"CREATE TABLE {name} (id INT PRIMARY KEY, c INT NOT NULL,"
                      " pad VARCHAR(100) NOT NULL)")
        schema.append(f"INSERT INTO {name} SELECT id, c, pad FROM base")
    schema.append("ALTER TABLE p ADD INDEX k (c)")
    # pn has the index on OLD only, po on NEW only
    schema.append("DELIMITER //\n"
                  "CREATE PROCEDURE side_index()\n"
                  "BEGIN\n"
                  "  IF VERSION() < '11' THEN ALTER TABLE pn ADD INDEX k (c);\n"
                  "  ELSE ALTER TABLE po ADD INDEX k (c);\n"
                  "  END IF;\n"
                  "END//\n"
                  "DELIMITER ;\n"
                  "CALL side_index()")
    schema.append("DROP PROCEDURE side_index")
    for name in ("p", "pn", "po"):
        schema.append(f"ANALYZE TABLE {name}")
    # ranges of c (1,000 values): a range of w values reads w/1000 of the table through k
    for n, w in enumerate((2, 3, 4, 6, 8, 11, 15, 20, 25)):
        classes.append((f"plan: NEW scans, OLD reads {w} of 1000", "slower", None,
                        lambda i, w=w, n=n: "SELECT SUM(LENGTH(pad)) AS slower_%s FROM pn"
                                            " WHERE c BETWEEN %d AND %d"
                                            % (WORDS[n], 100 * i, 100 * i + w - 1)))
    for n, w in enumerate((2, 4, 7, 10, 15, 25)):
        classes.append((f"plan: OLD scans, NEW reads {w} of 1000", "faster", None,
                        lambda i, w=w, n=n: "SELECT SUM(LENGTH(pad)) AS faster_%s FROM po"
                                            " WHERE c BETWEEN %d AND %d"
                                            % (WORDS[n], 100 * i + 50, 100 * i + 50 + w - 1)))
    for n, w in enumerate((3, 10, 30, 100)):
        classes.append((f"range of {w}, same plan", "same", 1.0,
                        lambda i, w=w, n=n: "SELECT SUM(LENGTH(pad)) AS same_plan_%s FROM p"
                                            " WHERE c BETWEEN %d AND %d"
                                            % (WORDS[n], 100 * i + 20, 100 * i + 20 + w - 1)))
    for n, w in enumerate((5, 20, 50, 70)):
        classes.append((f"range of {w}, same plan (other values)", "same", 1.0,
                        lambda i, w=w, n=n: "SELECT SUM(LENGTH(pad)) AS same_range_%s FROM p"
                                            " WHERE c BETWEEN %d AND %d"
                                            % (WORDS[n + 4], 100 * i + 60, 100 * i + 60 + w - 1)))

    with open(os.path.join(out, "schema.sql"), "w") as f:
        for s in schema:
            f.write(s + ";\n")
    header = {"format": "querytester-workload", "version": 1, "source": "manual",
              "start": "2026-11-20T09:00:00Z", "filters": {}}
    lines = [json.dumps(header)]
    expected = []
    t = 0
    for i in range(EXECUTIONS):
        for n, (name, kind, designed, sql) in enumerate(classes):
            t += 1
            lines.append(json.dumps({
                "ts": "2026-11-20T09:%02d:%02d.%06dZ" % (t // 60000 % 60, t // 1000 % 60, t % 1000 * 1000),
                "session": 1000 + n, "user": "app", "host": "h", "schema": "lab", "sql": sql(i)}))
    for name, kind, designed, sql in classes:
        expected.append((sql(0), name, kind, "" if designed is None else f"{designed:.3g}"))
    with open(os.path.join(out, "workload.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "expected.tsv"), "w") as f:
        for e in expected:
            f.write("\t".join(e) + "\n")


if __name__ == "__main__":
    main()
