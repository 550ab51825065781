#!/usr/bin/env python3
"""Per-symbol instruction profile of calls to one function, from a QEMU trace on stdin.

Reads `qemu-system-arm -d in_asm,exec,nochain` output: each translated block's instruction count
(in_asm) times its executions (exec), attributed to the symbol each block starts in, counting only
while a call to the function at `entry` runs (from its first block until the block at the caller's
return address). Prints the instructions of each call, then the per-call average by symbol over
the calls chosen with --calls (Python slice syntax over the call list, e.g. -20: for the last 20).
    profile.py ELF ENTRY_SYMBOL_SUBSTRING [--calls SLICE] [--top N] [--callers SYM,...] < trace
--callers also attributes the named leaf functions (memcpy, memset) to their call sites: who copies.
Used by profile.sh; docs/hil.md, "Cost per scan", describes the method.
"""
import bisect
import re
import subprocess
import sys


def symbols(elf, nm):
    out = subprocess.run([nm, "-n", elf], capture_output=True, text=True, check=True).stdout
    addrs, names = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            addrs.append(int(parts[0], 16) & ~1)
            names.append(parts[2])
    return addrs, names


def main():
    args = sys.argv[1:]
    elf, pattern = args[0], args[1]
    nm = "llvm-nm"
    calls_slice = slice(None)
    top = 40
    leaves = set()
    i = 2
    while i < len(args):
        if args[i] == "--calls":
            a, _, b = args[i + 1].partition(":")
            calls_slice = slice(int(a) if a else None, int(b) if b else None)
            i += 2
        elif args[i] == "--top":
            top = int(args[i + 1])
            i += 2
        elif args[i] == "--callers":
            leaves = set(args[i + 1].split(","))
            i += 2
        elif args[i] == "--nm":
            nm = args[i + 1]
            i += 2
        else:
            sys.exit("profile.py: unknown option " + args[i])
    addrs, names = symbols(elf, nm)
    matches = [a for a, n in zip(addrs, names) if pattern in n]
    if len(matches) != 1:
        sys.exit("profile.py: %d symbols match %s" % (len(matches), pattern))
    entry = matches[0]
    # A name ending in * names a prefix (OUTLINED_FUNCTION_*: code the outliner moved out of callers).
    leaf_index = {k for k, n in enumerate(names)
                  if n in leaves or any(l.endswith("*") and n.startswith(l[:-1]) for l in leaves)}

    insn = re.compile(r"^0x([0-9a-f]+):  ((?:[0-9a-f]{4} ?)+)")
    trace = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/[0-9a-f]+/([0-9a-f]+)\]")
    blocks = {}        # (pc, cflags) -> (instructions, end address)
    pending = {}       # pc -> (instructions, end address) translated, not yet executed
    current = None     # [first pc, count, end] of the in_asm block being read
    prev_end = None
    active = False
    ret = None
    calls = []         # per call: {symbol index: instructions}
    call = None
    site = None        # (leaf, caller symbol, call site) while in a leaf function
    prev_s = None
    for line in sys.stdin:
        if line.startswith("IN:"):
            current = None
            continue
        m = insn.match(line)
        if m:
            pc = int(m.group(1), 16)
            size = len(m.group(2).replace(" ", "")) // 2
            if current is None:
                current = [pc, 0, pc]
            current[1] += 1
            current[2] = pc + size
            pending[current[0]] = (current[1], current[2])
            continue
        m = trace.match(line)
        if not m:
            continue
        pc = int(m.group(1), 16)
        key = (pc, m.group(2))
        if pc in pending:
            blocks[key] = pending.pop(pc)
            current = None
        count, end = blocks.get(key, (0, pc))
        if not active and pc == entry:
            active = True
            ret = prev_end
            call = {}
            calls.append(call)
        elif active and pc == ret:
            active = False
        s = bisect.bisect_right(addrs, pc) - 1
        if active:
            call[s] = call.get(s, 0) + count
            if s in leaf_index:
                if site is None:
                    site = (s, prev_s, prev_end)
                call[site] = call.get(site, 0) + count
            else:
                site = None
        prev_end = end
        prev_s = s

    print("calls of %s: %d" % (pattern, len(calls)))
    print("instructions per call: " + " ".join(str(sum(c.values())) for c in calls))
    chosen = calls[calls_slice]
    if not chosen:
        return
    totals = {}
    sites = {}
    for c in chosen:
        for s, n in c.items():
            table = sites if isinstance(s, tuple) else totals
            table[s] = table.get(s, 0) + n
    n = len(chosen)
    grand = sum(totals.values())
    print("average over %d calls: %d instructions" % (n, grand // n))
    wanted = sorted(set(totals) | {s[1] for s in sites if s[1] is not None})
    demangle = subprocess.run(["swift-demangle", "--simplified"], input="\n".join(names[s] for s in wanted),
                              capture_output=True, text=True).stdout.splitlines()
    readable = dict(zip(wanted, demangle)) if len(demangle) == len(wanted) else {s: names[s] for s in wanted}
    for s, total in sorted(totals.items(), key=lambda kv: -kv[1])[:top]:
        print("%9d %5.1f%%  %s" % (total // n, 100.0 * total / grand, readable[s][:220]))
    if sites:
        print("leaf functions by call site (return address):")
    by_caller = {}
    for (leaf, caller, ret_at), total in sites.items():
        by_caller[caller] = by_caller.get(caller, 0) + total
    for caller, total in sorted(by_caller.items(), key=lambda kv: -kv[1])[:top]:
        print("%9d  all leaves <- %s" % (total // n, readable.get(caller, "?")[:180] if caller is not None else "?"))
    for (leaf, caller, ret_at), total in sorted(sites.items(), key=lambda kv: -kv[1])[:top]:
        print("%9d  %s <- 0x%x %s" % (total // n, names[leaf], ret_at or 0,
                                      readable.get(caller, "?")[:180] if caller is not None else "?"))


main()
