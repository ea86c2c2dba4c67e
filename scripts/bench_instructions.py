#!/usr/bin/env python3
"""make bench-instructions: the work per person of each main path, counted in instructions by
valgrind's callgrind (repeatable for the same binary and input, whatever else the machine is
doing; wall time on a shared 2-core machine moves by a third), on one thread, and compared with
the committed baseline (scripts/instructions-baseline.tsv): a path that grows by more than 3 %
fails. A path's cost per person is the difference between runs on 2N and on N people of the
project's own generator, divided by N, so that start-up (ICU's data, the collator) does not count.

  make bench-instructions                         check against the baseline (CI runs this)
  INSTRUCTIONS_UPDATE=1 make bench-instructions   write the measured counts as the baseline
  INSTRUCTIONS_PEERS=1                            the peers' counts too (abook, Python's csv)

Lowering the baseline belongs in any commit that makes a path cheaper; raising it needs a line
in the commit message saying why the cost is worth it.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "scripts", "gen_corpus.py")
BASELINE = os.path.join(ROOT, "scripts", "instructions-baseline.tsv")
PEOPLE = 500  # N: runs on N and 2N people
TOLERANCE = 0.03

# The main paths, on one thread: (name, input format, arguments).
TODAY = ["--today", "2026-11-22"]
PATHS = [
    ("vcard-list", "vcard3", TODAY),
    # The list in input order: what abook's conversion does (it neither sorts nor collates), so
    # that the two jobs compare like for like; the list's own order costs the difference.
    ("vcard-list-unsorted", "vcard3", TODAY + ["--sort", "none"]),
    ("vcard-tsv-de", "vcard3", TODAY + ["--to", "tsv", "--sort", "last", "--locale", "de"]),
    ("vcard-json", "vcard3", ["--to", "json"]),
    ("vcard-ics", "vcard3", TODAY + ["--to", "ics"]),
    ("vcard-vcard4", "vcard3", ["--to", "vcard4"]),
    ("vcard-jscontact", "vcard3", ["--to", "jscontact"]),
    ("csv-tsv-de", "google-csv", TODAY + ["--to", "tsv", "--sort", "last", "--locale", "de"]),
    ("csv-list", "google-csv", TODAY),
]

PY_CSV = """
import csv, sys
rows = [(r['Last Name'], r['First Name'], r['Birthday']) for r in csv.DictReader(open(sys.argv[1], encoding='utf-8-sig'))
        if r['Birthday']]
for r in sorted(rows):
    print('\\t'.join(r))
"""

# The peers doing the same job: (name, input format, command before the input path).
PEERS = [
    ("peer: abook vCard to CSV", "vcard3", ["abook", "--convert", "--informat", "vcard", "--outformat", "csv", "--infile"]),
    ("peer: Python csv, Google CSV birthday list", "google-csv", [sys.executable, "-c", PY_CSV]),
]


def corpus(directory, fmt, people):
    path = os.path.join(directory, f"{fmt}-{people}.{'csv' if 'csv' in fmt else 'vcf'}")
    if not os.path.exists(path):
        subprocess.run([sys.executable, GEN, "--people", str(people), "--seed", "1", "--format", fmt, "--quirks", "--out", path],
                       check=True)
    return path


def instructions(command, directory):
    """The instructions callgrind counts for the command (its children not followed)."""
    out = os.path.join(directory, "callgrind.out")
    # Swift seeds its hashing per process: deterministic, sets and dictionaries do the same work each run.
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory, "SWIFT_DETERMINISTIC_HASHING": "1"}
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "-q"] + command, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError(f"callgrind counted nothing for {command}")


def per_person(command, fmt, directory):
    small, large = corpus(directory, fmt, PEOPLE), corpus(directory, fmt, 2 * PEOPLE)
    return (instructions(command + [large], directory) - instructions(command + [small], directory)) / PEOPLE


def stripped_binary(directory):
    """The release build (as make builds it), stripped of its debug information, which this
    toolchain writes in a form valgrind cannot read."""
    subprocess.run(["make", "-s", "build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(directory, "vcf2birthdays")
    subprocess.run(["strip", "--strip-debug", "-o", binary, os.path.join(ROOT, ".build", "release", "vcf2birthdays")], check=True)
    return binary


def measure(directory, peers=False):
    """[(name, instructions per person)] for our paths, then (with `peers`) the peers'."""
    binary = stripped_binary(directory)
    rows = [(name, per_person([binary, "--threads", "1", "-q"] + arguments, fmt, directory)) for name, fmt, arguments in PATHS]
    if peers:
        for name, fmt, command in PEERS:
            if shutil.which(command[0]):
                rows.append((name, per_person(command, fmt, directory)))
    return rows


def read_baseline():
    baseline = {}
    if os.path.exists(BASELINE):
        with open(BASELINE) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    name, value = line.split("\t")
                    baseline[name] = float(value)
    return baseline


def main():
    with tempfile.TemporaryDirectory() as directory:
        rows = measure(directory, peers=os.environ.get("INSTRUCTIONS_PEERS") == "1")
    if os.environ.get("INSTRUCTIONS_UPDATE") == "1":
        with open(BASELINE, "w") as f:
            f.write("# path\tinstructions per person (scripts/bench_instructions.py; a change of more than 3 % fails CI)\n")
            for name, value in rows:
                if not name.startswith("peer"):
                    f.write(f"{name}\t{value:.0f}\n")
        print(f"wrote {BASELINE}")
    baseline = read_baseline()
    failed = []
    print(f"{'path':45} {'instructions/person':>20} {'baseline':>10} {'change':>8}")
    for name, value in rows:
        base = baseline.get(name)
        change = f"{(value / base - 1) * 100:+.1f} %" if base else ""
        print(f"{name:45} {value:20,.0f} {base or 0:10,.0f} {change:>8}")
        if base and value > base * (1 + TOLERANCE):
            failed.append(name)
        if not base and not name.startswith("peer"):
            failed.append(name + " (no baseline)")
    if failed:
        print("more instructions per person than the baseline allows (3 %): " + ", ".join(failed), file=sys.stderr)
        print("make the path cheaper, or raise the baseline (INSTRUCTIONS_UPDATE=1) with a line in the commit message saying why",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
