#!/usr/bin/env python3
"""Summary tables of bench/gate/run.sh: OUT_DIR/runs.tsv and each run's report.json.

Usage: summarize.py OUT_DIR BUSY
"""
import collections
import json
import os
import sys


def report(folder):
    try:
        with open(os.path.join(folder, "report.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def regressions(r):
    return frozenset(c["class_id"] for c in r["classes"] if c["verdict"] == "REGRESSION")


def latency(c):
    return c.get("latency", {})


def machine(r):
    return r.get("run", {}).get("machine")


def loads(machines):
    """The runs' machines while replaying: mean busy share and mean runnable tasks."""
    ms = [m for m in machines if m]
    if not ms:
        return "-"
    return "%3.0f%% %5.1f" % (100 * sum(m["busy"] for m in ms) / len(ms),
                              sum(m["run_queue"] for m in ms) / len(ms))


def demo(rows, busy):
    print("Demo: regression classes per run, against the quiet runs' (the gate's verdict)")
    print("%-9s %-6s %4s %6s %9s %12s %11s %7s %10s %s" % (
        "build", "cond.", "runs", "differ", "latency-", "borderline", "confirmed", "loadavg",
        "busy runq", "differing runs: classes added (+) or missing (-)"))
    print("%-9s %-6s %4s %6s %9s %12s %11s" % ("", "", "", "", "only", "classes", "held/not"))
    by_tool = collections.OrderedDict()
    for row in rows:
        by_tool.setdefault(row["tool"], []).append(row)
    for tool, tool_rows in by_tool.items():
        quiet = [report(r["dir"]) for r in tool_rows if r["cond"] == "quiet"]
        sets = collections.Counter(regressions(r) for r in quiet if r)
        reference = sets.most_common(1)[0][0] if sets else frozenset()
        for cond in ("quiet", "busy"):
            these = [r for r in tool_rows if r["cond"] == cond]
            if not these:
                continue
            differ, latency_only, borderline, held, not_held, machines, notes = 0, 0, 0, 0, 0, [], []
            for r in these:
                rep = report(r["dir"])
                if rep is None:
                    differ += 1
                    notes.append("run %s: no report (exit %s)" % (r["run"], r["code"]))
                    continue
                got = regressions(rep)
                if got != reference:
                    differ += 1
                    extra = ["+%s (%s)" % (c, verdict_of(rep, c)) for c in sorted(got - reference)]
                    gone = ["-%s" % c for c in sorted(reference - got)]
                    notes.append("run %s: %s" % (r["run"], " ".join(extra + gone)))
                for c in rep["classes"]:
                    l = latency(c)
                    diffs = [d["kind"] for d in c.get("differences", []) if d.get("fails_gate")]
                    if c["verdict"] == "REGRESSION" and diffs == ["LATENCY"]:
                        latency_only += 1
                    if l.get("verdict") == "BORDERLINE":
                        borderline += 1
                    outcome = l.get("confirmation", {}).get("outcome")
                    held += outcome == "HELD"
                    not_held += outcome == "NOT_HELD"
                machines.append(machine(rep))
            loadavg = sum(float(r["load"]) for r in these) / len(these)
            print("%-9s %-6s %4d %6d %9d %12d %5d/%-5d %7.1f %10s %s" % (
                tool, cond, len(these), differ, latency_only, borderline, held, not_held,
                loadavg, loads(machines), "; ".join(notes)))
        print("%-9s reference (the quiet runs' most common set): %d classes %s" % (
            tool, len(reference), " ".join(sorted(reference))))
    print("(loadavg: the 1-minute load average as each run started, mean; busy runq: the machine"
          " while replaying, mean of the runs: busy share of the processors, runnable tasks;"
          " %s busy processes beside the busy runs)" % busy)


def verdict_of(rep, class_id):
    for c in rep["classes"]:
        if c["class_id"] == class_id:
            l = latency(c)
            i = l.get("interval")
            text = l.get("verdict", "?").lower()
            if i:
                text += " %.2fx [%s, %s]" % (i["estimate"], fmt(i.get("low")), fmt(i.get("high")))
            conf = l.get("confirmation")
            if conf:
                text += " confirmation %s" % conf["outcome"].lower()
            return text
    return "?"


def fmt(v):
    return "-" if v is None else "%.2f" % v


def corpus(rows, out):
    expected = {}
    with open(os.path.join(out, "corpus", "expected.tsv")) as f:
        for line in f:
            sql, name, kind, designed = line.rstrip("\n").split("\t")
            expected[sql] = (name, kind, designed)
    runs = [r for r in rows if r["part"] == "corpus"]
    if not runs:
        return
    print()
    print("Latency corpus: per class, NEW/OLD (the quiet run's estimate and interval) and the verdict of each run")
    columns = ["%s %s %s" % (r["tool"], r["cond"], r["run"]) for r in runs]
    reports = [report(r["dir"]) for r in runs]
    print("%-42s %-7s %-24s %s" % ("class", "expect", "NEW/OLD (first run)", " | ".join(columns)))
    tallies = collections.OrderedDict((col, collections.Counter()) for col in columns)
    for sql, (name, kind, designed) in expected.items():
        cells = []
        first = None
        for col, rep in zip(columns, reports):
            c = by_example(rep, sql) if rep else None
            v = latency(c).get("verdict", "-") if c else "-"
            if c and first is None and latency(c).get("interval"):
                i = latency(c)["interval"]
                first = "%.2fx [%s, %s]" % (i["estimate"], fmt(i.get("low")), fmt(i.get("high")))
            conf = latency(c).get("confirmation", {}).get("outcome") if c else None
            cells.append(v.lower() + ("*" if conf == "HELD" else "") + ("~" if conf == "NOT_HELD" else ""))
            ok = (kind == "slower" and v == "DEGRADED") or (kind == "faster" and v == "IMPROVED") or (
                kind == "same" and v == "SAME")
            tallies[col][(kind, ok)] += 1
            # what the gate cares about in a control: no slowdown, sure or borderline
            tallies[col][("no slowdown", v not in ("DEGRADED", "BORDERLINE"))] += kind == "same"
        print("%-42s %-7s %-24s %s" % (name[:42], kind, first or "-", " | ".join("%-16s" % x for x in cells)))
    print()
    for col, t in tallies.items():
        print("%-20s slowdowns caught %d/%d, speed-ups %d/%d, controls calm %d/%d"
              " (without a slowdown verdict: %d/%d)" % (
                  col, t[("slower", True)], t[("slower", True)] + t[("slower", False)],
                  t[("faster", True)], t[("faster", True)] + t[("faster", False)],
                  t[("same", True)], t[("same", True)] + t[("same", False)],
                  t[("no slowdown", True)], t[("no slowdown", True)] + t[("no slowdown", False)]))
    print("(* a second measurement held; ~ it did not hold. Calm: SAME; a control called IMPROVED"
          " by the screen, whose rule is unchanged, fails nothing)")


def by_example(rep, sql):
    for c in rep["classes"]:
        if c.get("example") == sql:
            return c
    return None


def main():
    out = sys.argv[1]
    busy = sys.argv[2] if len(sys.argv) > 2 else "?"
    rows = []
    with open(os.path.join(out, "runs.tsv")) as f:
        for line in f:
            tool, part, cond, run, code, load, folder = line.rstrip("\n").split("\t")
            rows.append(dict(tool=tool, part=part, cond=cond, run=run, code=code, load=load, dir=folder))
    demo([r for r in rows if r["part"] == "demo"], busy)
    corpus(rows, out)


if __name__ == "__main__":
    main()
