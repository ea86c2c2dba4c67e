#!/usr/bin/env python3
"""make bench: times vcf2birthdays beside the hardware limit (wc -l, cat) and the peers a user
would pick instead, on corpora from scripts/gen_corpus.py, and writes BENCHMARKS.md and
BENCHMARKS.png.

Environment: BENCH_SIZES (default 10000,100000,1000000), BENCH_RUNS (default 3),
BENCH_PEERS=0 to skip the peers, BENCH_LARGE=0 to skip the rows of 1M and 3M people and of
large photos (flat memory), VCF2BIRTHDAYS_BENCH_DIR for the corpus cache
(default ~/.cache/vcf2birthdays-bench). Peers missing are installed with apt-get/pip.
"""
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import bench_instructions  # beside this script: the instruction counts, and the Python csv peer's job
from bench_instructions import PY_CSV

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "scripts", "gen_corpus.py")
BIN = os.path.join(ROOT, ".build", "release", "vcf2birthdays")
# Corpora are cached by the generator's own bytes: a changed generator makes them anew.
with open(GEN, "rb") as _gen:
    CACHE = os.path.join(os.environ.get("VCF2BIRTHDAYS_BENCH_DIR", os.path.expanduser("~/.cache/vcf2birthdays-bench")),
                         "gen-" + hashlib.sha256(_gen.read()).hexdigest()[:12])
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "10000,100000,1000000").split(",")]
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
PEERS = os.environ.get("BENCH_PEERS", "1") != "0"
LARGE = os.environ.get("BENCH_LARGE", "1") != "0"
# The sizes of the flat-memory rows (the guards name 1M and 3M).
LARGE_SIZES = [int(s) for s in os.environ.get("BENCH_LARGE_SIZES", "1000000,3000000").split(",")]
MAIN = 100_000 if 100_000 in SIZES else SIZES[-1]
EXT = {"vcard21": "vcf", "vcard3": "vcf", "vcard4": "vcf", "google-csv": "csv", "outlook-csv": "csv"}


def corpus(fmt, people, *omitted_quirks, duplicates=0):
    os.makedirs(CACHE, exist_ok=True)
    suffix = "".join("-no-" + q for q in omitted_quirks) + (f"-dup{duplicates}" if duplicates else "")
    path = os.path.join(CACHE, f"{fmt}-{people}{suffix}.{EXT[fmt]}")
    if not os.path.exists(path):
        print(f"generating {path}", file=sys.stderr)
        subprocess.run([sys.executable, GEN, "--people", str(people), "--seed", "1", "--format", fmt, "--quirks",
                        *[arg for q in omitted_quirks for arg in ("--no-quirk", q)],
                        *(["--duplicates", str(duplicates)] if duplicates else []), "--out", path + ".part"], check=True)
        os.rename(path + ".part", path)
    return path


def photo_cards(cards, megabytes):
    """`cards` vCard 3.0 cards, each with a photo of `megabytes` MB of random bytes (base64 on
    one line), the same bytes every time."""
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, f"photos-{cards}x{megabytes}MB.vcf")
    if not os.path.exists(path):
        import base64
        import random
        photo = base64.b64encode(random.Random(1).randbytes(megabytes << 20)).decode()
        with open(path + ".part", "w") as f:
            for i in range(cards):
                f.write(f"BEGIN:VCARD\nVERSION:3.0\nN:Person{i};Photo;;;\nFN:Photo Person{i}\n"
                        f"BDAY:1980-01-{i % 28 + 1:02d}\nPHOTO;ENCODING=b;TYPE=JPEG:{photo}\nEND:VCARD\n")
        os.rename(path + ".part", path)
    return path


def generated(name, write):
    """A corpus of our own shape (the bounds rows), made once by `write(file)`."""
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, name)
    if not os.path.exists(path):
        with open(path + ".part", "w") as f:
            write(f)
        os.rename(path + ".part", path)
    return path


def bounds_corpora():
    """The inputs of the rows that show time and memory stay bounded (#38): people who share a
    switchboard number, one group of duplicates with distinct notes, an LDIF line of 100 MB, an
    LDIF entry of 12 million attributes, a CSV header of 3 million columns."""
    given = ["Anna", "Erik", "Maria", "Jonas", "Lena", "Paul", "Sara", "Tim", "Eva", "Max"]
    def switchboard(f):
        for i in range(100_000):
            f.write(f"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:{given[i % 10]} Family{i}\r\nN:Family{i};{given[i % 10]};;;\r\n"
                    "TEL;TYPE=work:+49 30 5550000\r\nEND:VCARD\r\n")
    def one_group(f):
        for i in range(50_000):
            f.write(f"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Berg\r\nN:Berg;Anna;;;\r\nEMAIL:anna@example.org\r\n"
                    f"NOTE:note number {i} about something\r\nEND:VCARD\r\n")
    def long_line(f):
        f.write("dn: cn=A\ncn: A\nsn: A\ndescription: ")
        for _ in range(100):
            f.write("x" * (1 << 20))
        f.write("\n\ndn: cn=B\ncn: B\nsn: B\n")
    def many_attributes(f):
        f.write("dn: cn=A\ncn: A\nsn: A\n" + "o: x\n" * 12_000_000 + "\ndn: cn=B\ncn: B\nsn: B\n")
    def wide(f):
        f.write("Name" + "," * 3_000_000 + "\nAnna" + ",x" * 3_000_000 + "\n")
    return {"switchboard": generated("switchboard-100k.vcf", switchboard), "one group": generated("one-group-50k.vcf", one_group),
            "long line": generated("long-line-100MB.ldif", long_line), "many attributes": generated("attributes-12M.ldif", many_attributes),
            "wide": generated("columns-3M.csv", wide)}


def vdir(people):
    """The vCard 3.0 corpus as a vdir: one card per file. Without the splitfold quirk, which
    khard cannot read (it decodes each file as UTF-8 before unfolding)."""
    directory = os.path.join(CACHE, f"vdir-{people}")
    if not os.path.isdir(directory):
        os.makedirs(directory + ".part", exist_ok=True)
        with open(corpus("vcard3", people, "splitfold"), "rb") as f:
            cards = f.read().split(b"END:VCARD")
        for i, card in enumerate(c for c in cards if b"BEGIN:VCARD" in c):
            with open(os.path.join(directory + ".part", f"{i:06d}.vcf"), "wb") as out:
                out.write(card.lstrip(b"\r\n") + b"END:VCARD\r\n")
        os.rename(directory + ".part", directory)
    return directory


def warm(path):
    """Reads an input once, so every timed run finds it in the page cache."""
    paths = [os.path.join(path, f) for f in os.listdir(path)] if os.path.isdir(path) else [path]
    for p in paths:
        with open(p, "rb") as f:
            while f.read(1 << 20):
                pass


def measure(command, runs=RUNS, path=None):
    """Median, min and max wall time in seconds, and the largest peak RSS in MiB (GNU time's
    %M, which counts the command itself, not the Python process that started it). `path` is
    read before every run: some machines (VMs that reclaim the page cache of idle files) drop
    parts of it between runs, and a run would then time the disk."""
    times, rss = [], 0.0
    argv = ["sh", "-c", command] if isinstance(command, str) else command
    report = os.path.join(CACHE, "time.out")
    for _ in range(runs):
        if path:
            warm(path)
        start = time.perf_counter()
        status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report, *argv], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
        with open(report) as f:
            rss = max(rss, int(f.read().split()[-1]) / 1024)
        if status not in (0, 65):
            raise SystemExit(f"failed ({status}): {command}")
    return statistics.median(times), min(times), max(times), rss


def alternate(first, second, path, runs, second_path=None):
    """Two commands run in turn (first, second, first, ...), a guard's two sides, so that the
    host's drift (this VM has slow and fast minutes) lands on both: the median of the pairs'
    ratios (second / first), robust to a slow minute and to one lucky run of either side, and
    the median times. `second_path`: the second's input, when it is not `path`."""
    a, b = [], []
    for _ in range(runs):
        a.append(measure(first, 1, path)[0])
        b.append(measure(second, 1, second_path or path)[0])
    return statistics.median(y / x for x, y in zip(a, b)), statistics.median(a), statistics.median(b)


def ensure_peers():
    missing_apt = [p for p, exe in (("abook", "abook"), ("miller", "mlr")) if not shutil.which(exe)]
    if missing_apt and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing_apt], check=False, stdout=subprocess.DEVNULL)
    for module, package in (("vobject", "vobject"), ("khard", "khard"), ("matplotlib", "matplotlib")):
        try:
            __import__(module)
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package], check=False)


PY_VOBJECT = """
import sys, vobject
people = []
for card in vobject.readComponents(open(sys.argv[1], encoding='utf-8', errors='replace')):
    n = getattr(card, 'n', None)
    b = getattr(card, 'bday', None)
    if b is not None:
        people.append((n.value.family if n else '', n.value.given if n else '', b.value))
for p in sorted(people):
    print('\\t'.join(str(x) for x in p))
"""

def khard_config(directory):
    config = os.path.join(CACHE, f"khard-{os.path.basename(directory)}.conf")
    with open(config, "w") as f:
        f.write(f"[addressbooks]\n[[bench]]\npath = {directory}\n[general]\ndebug = no\ndefault_action = list\n"
                "editor = true\nmerge_editor = true\n[contact table]\ndisplay = last_name\n")
    return config


def server_rows(add):
    """A birthday calendar on a CalDAV server from its address book (#42): 1,000 cards read from
    Radicale and their calendar written to it, the first time and again with nothing changed;
    beside vdirsyncer syncing a local vdir of the same events (the way without talking to the
    server: its rows leave out reading the address book). Radicale and vdirsyncer come from the
    integration test's virtual environment."""
    import integration_test as it
    it.install()
    work = tempfile.mkdtemp(prefix="vcf2birthdays-bench-server-")
    port = it.free_port()
    server = it.start_server(work, port)
    saved = {k: os.environ.get(k) for k in ("NETRC", "XDG_CACHE_HOME")}
    try:
        base = f"http://127.0.0.1:{port}/{it.USER}/"
        it.make_collections(base)
        config = it.write_config(work, base)
        subprocess.run([it.venv_tool("vdirsyncer"), "-c", config, "discover"], input="y\ny\n", capture_output=True,
                       text=True, check=True)
        netrc = os.path.join(work, "netrc")
        with open(netrc, "w") as f:
            f.write(f"machine 127.0.0.1 login {it.USER} password {it.PASSWORD}\n")
        os.chmod(netrc, 0o600)
        os.environ["NETRC"], os.environ["XDG_CACHE_HOME"] = netrc, os.path.join(work, "cache")
        source = os.path.join(work, "people.vcf")
        with open(source, "w") as f:
            f.write(it.contacts(1000))
        user_base = base.replace("http://", f"http://{it.USER}@")
        subprocess.run([BIN, "-q", "--to", "vcard4", "--vdir", user_base + "contacts/", source], check=True)
        ours = [BIN, "-q", "--today", "2026-11-22", "--to", "ics", "--vdir", user_base + "bench-birthdays/", user_base + "contacts/"]
        add("ours", "server: 1,000 cards from Radicale, their calendar written to it", ours, source, 1000, runs=1)
        add("ours", "server: the same again, nothing changed", ours, source, 1000)
        subprocess.run([BIN, "-q", "--today", "2026-11-22", "--to", "ics", "--vdir", os.path.join(work, "birthdays"), source], check=True)
        sync = [it.venv_tool("vdirsyncer"), "-c", config, "sync", "birthdays"]
        add("peer", "vdirsyncer: a local vdir of 1,000 events synced to Radicale", sync, source, 1000, runs=1)
        add("peer", "vdirsyncer: the same again, nothing changed", sync, source, 1000)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        it.stop(server)
        shutil.rmtree(work, ignore_errors=True)


def main():
    subprocess.run(["make", "-s", "build"], cwd=ROOT, check=True)  # the release build users get
    if PEERS:
        ensure_peers()
    rows = []  # (group, task, input, people, median, lo, hi, rss)

    def add(group, task, command, path, people, runs=RUNS):
        median, lo, hi, rss = measure(command, runs, path)
        rows.append((group, task, path, people, median, lo, hi, rss))
        print(f"{task:58} {median:8.3f} s  {rss:7.1f} MiB", file=sys.stderr)

    v3, v21, v4 = corpus("vcard3", MAIN), corpus("vcard21", MAIN), corpus("vcard4", MAIN)
    google, outlook = corpus("google-csv", MAIN), corpus("outlook-csv", MAIN)
    add("limit", "wc -l (vCard 3.0)", ["wc", "-l", v3], v3, MAIN)
    add("limit", "cat > /dev/null (vCard 3.0)", f"cat '{v3}' > /dev/null", v3, MAIN)
    our_list = [BIN, "--to", "tsv", "--sort", "last", "--locale", "de", v3]
    add("ours", "birthday list, vCard 3.0 (--to tsv, ICU de)", our_list, v3, MAIN)
    add("ours", "birthday list, one thread (--threads 1)",
        [BIN, "--to", "tsv", "--sort", "last", "--locale", "de", "--threads", "1", v3], v3, MAIN)
    add("ours", "birthday list, --sort upcoming", [BIN, "--to", "tsv", "--sort", "upcoming", v3], v3, MAIN)
    add("ours", "vCard 3.0 to NDJSON", [BIN, "--to", "json", v3], v3, MAIN)
    add("ours", "vCard 3.0 to NDJSON, one thread (--threads 1)", [BIN, "--to", "json", "--threads", "1", v3], v3, MAIN)
    add("ours", "vCard 2.1 (quoted-printable) to NDJSON", [BIN, "--to", "json", v21], v21, MAIN)
    add("ours", "vCard 4.0 to NDJSON", [BIN, "--to", "json", v4], v4, MAIN)
    our_csv_list = [BIN, "--to", "tsv", "--sort", "last", "--locale", "de", google]
    add("ours", "Google CSV to birthday list", our_csv_list, google, MAIN)
    add("ours", "Outlook CSV to NDJSON", [BIN, "--to", "json", outlook], outlook, MAIN)
    add("ours", "vCard 3.0 to Google CSV", [BIN, "--to", "google-csv", v3], v3, MAIN)
    add("ours", "vCard 3.0 to iCalendar", [BIN, "--to", "ics", v3], v3, MAIN)
    add("ours", "vCard 3.0 to vCard 4.0", [BIN, "--to", "vcard4", v3], v3, MAIN)
    small = corpus("vcard3", 10_000, "splitfold")
    folder = vdir(10_000)
    add("ours", "vdir of 10,000 files to birthday list", [BIN, "--to", "tsv", folder], folder, 10_000)
    add("ours", "vdir of 10,000 files, one thread (--threads 1)", [BIN, "--to", "tsv", "--threads", "1", folder], folder, 10_000)
    add("ours", "the same 10,000 people in one file", [BIN, "--to", "tsv", small], small, 10_000)
    # A mail client's address-book query (--to mutt --query), on the vdir and on 100,000 people.
    add("ours", "mail query on the vdir of 10,000 files", [BIN, "-q", "--to", "mutt", "--query", QUERY, folder],
        folder, 10_000)
    hundred = corpus("vcard3", 100_000)
    add("ours", "mail query on 100,000 people in one file", [BIN, "-q", "--to", "mutt", "--query", QUERY, hundred],
        hundred, 100_000)
    # Duplicates (--dupes) among 100,000 people, 10 % of them repeated.
    twins = corpus("vcard3", 100_000, duplicates=10)
    add("ours", "duplicates report, 100,000 people with 10 % repeated (--dupes)", [BIN, "-q", "--dupes", twins],
        twins, 100_000)
    add("ours", "duplicates merged, 100,000 people with 10 % repeated (--merge --to vcard4)",
        [BIN, "-q", "--merge", "--to", "vcard4", twins], twins, 100_000)
    # Time and memory bounded for any input and any option (#38).
    bounds = bounds_corpora()
    add("bounds", "100,000 people on one switchboard number (--dupes)", [BIN, "-q", "--dupes", "--region", "DE", bounds["switchboard"]],
        bounds["switchboard"], 100_000)
    add("bounds", "one group of 50,000 with distinct notes (--merge --to json)", [BIN, "-q", "--merge", "--to", "json",
                                                                                  bounds["one group"]], bounds["one group"], 50_000)
    two_hundred = corpus("vcard3", 200_000)
    add("bounds", "200,000 people sorted, --buffer-size 1K", [BIN, "-q", "--buffer-size", "1K", "--sort", "last", two_hundred],
        two_hundred, 200_000)
    add("bounds", "200,000 people to iCalendar, --buffer-size 1K", [BIN, "-q", "--buffer-size", "1K", "--to", "ics", two_hundred],
        two_hundred, 200_000)
    add("bounds", "an LDIF line of 100 MB, --max-record-bytes 1M", [BIN, "-q", "--max-record-bytes", "1M", "--to", "json",
                                                                    bounds["long line"]], bounds["long line"], 2)
    add("bounds", "an LDIF entry of 12 million attributes (60 MB)", [BIN, "-q", "--to", "json", bounds["many attributes"]],
        bounds["many attributes"], 2)
    add("bounds", "a CSV header of 3 million columns", [BIN, "-q", "--to", "json", bounds["wide"]], bounds["wide"], 1)
    if PEERS:
        if shutil.which("abook"):
            abook = f"abook --convert --informat vcard --infile '{v3}' --outformat csv | sort"
            add("peer", "abook --convert vcard to csv (lossy)", abook, v3, MAIN)
        if shutil.which("mlr"):
            add("peer", "miller: Google CSV birthday list",
                ["mlr", "--icsv", "--otsv", "filter", "$Birthday != \"\"", "then", "cut", "-o", "-f",
                 "Last Name,First Name,Birthday", "then", "sort", "-f", "Last Name", google], google, MAIN)
        python_csv = [sys.executable, "-c", PY_CSV, google]
        add("peer", "Python csv: Google CSV birthday list", python_csv, google, MAIN)
        add("peer", "Python vobject: vCard 3.0 birthday list", [sys.executable, "-c", PY_VOBJECT, v3], v3, MAIN, runs=1)
        add("peer", "khard birthdays on the vdir of 10,000 files",
            [sys.executable, "-m", "khard", "-c", khard_config(folder), "birthdays"], folder, 10_000, runs=1)
        add("peer", "khard email --parsable on the vdir of 10,000 files",
            [sys.executable, "-m", "khard", "-c", khard_config(folder), "email", "--parsable", QUERY], folder, 10_000, runs=1)
    if PEERS:
        server_rows(add)
    # The guards against peers, measured again with the two sides in turn.
    paired = {}
    if PEERS:
        if shutil.which("abook"):
            paired["abook"] = alternate(our_list, abook, v3, max(RUNS, 7))
        paired["Python csv"] = alternate(our_csv_list, python_csv, google, max(RUNS, 7))
    large = []  # (task, people, median, rss)
    if LARGE:
        def add_large(task, command, path, people, runs=1):
            median, lo, hi, rss = measure(command, runs, path)
            large.append((task, people, median, rss))
            print(f"{task:58} {median:8.3f} s  {rss:7.1f} MiB", file=sys.stderr)
        def sorted_list(path):
            return [BIN, "--sort", "last", "--locale", "de", "--today", "2026-11-22", path]
        for people in LARGE_SIZES:
            path = corpus("vcard3", people)
            add_large("sorted birthday list", sorted_list(path), path, people)
            add_large("calendar (--to ics)", [BIN, "--to", "ics", "--today", "2026-11-22", path], path, people)
        # The growth guard, with its two sizes in turn: one slow minute made 3M look 4.9× 1M.
        if len(LARGE_SIZES) == 2:
            small, big = (corpus("vcard3", n) for n in LARGE_SIZES)
            paired["3M/1M"] = alternate(sorted_list(small), sorted_list(big), small, 3, second_path=big)
        first = corpus("vcard3", LARGE_SIZES[0])
        if PEERS and shutil.which("abook"):
            add_large("*abook --convert vcard to csv (lossy)*",
                      f"abook --convert --informat vcard --infile '{first}' --outformat csv | sort", first, LARGE_SIZES[0])
        for cards, megabytes in ((16, 60), (300, 2)):
            path = photo_cards(cards, megabytes)
            for threads in ("1", "2", "8"):
                add_large(f"{cards} cards with {megabytes} MB photos to vCard 4.0, --threads {threads}",
                          [BIN, "--to", "vcard4", "--max-record-bytes", "1G", "--threads", threads, path], path, cards)
    # Instructions per person on one thread, ours and the peers' on the same jobs (callgrind).
    with tempfile.TemporaryDirectory() as directory:
        instructions = bench_instructions.measure(directory, peers=PEERS)
    scaling = []
    for people in SIZES:
        path = corpus("vcard3", people)
        scaling.append((people, os.path.getsize(path), measure([BIN, "--to", "json", path], 1, path),
                        measure([BIN, "--to", "tsv", "--locale", "de", path], 1, path)))
    write_report(rows, scaling, large, paired, instructions)


# Which peers do the same job as which of our tasks (a ratio below 1 means we are faster).
SAME_JOB = {
    "birthday list, vCard 3.0 (--to tsv, ICU de)": [("abook --convert vcard to csv (lossy)", "abook"),
                                                     ("Python vobject: vCard 3.0 birthday list", "vobject")],
    "Google CSV to birthday list": [("Python csv: Google CSV birthday list", "Python csv"),
                                    ("miller: Google CSV birthday list", "miller")],
    "vdir of 10,000 files to birthday list": [("khard birthdays on the vdir of 10,000 files", "khard")],
    "mail query on the vdir of 10,000 files": [("khard email --parsable on the vdir of 10,000 files", "khard")],
    "server: 1,000 cards from Radicale, their calendar written to it": [("vdirsyncer: a local vdir of 1,000 events synced to Radicale", "vdirsyncer")],
    "server: the same again, nothing changed": [("vdirsyncer: the same again, nothing changed", "vdirsyncer")],
}

# What the mail-query rows look for: part of a family name the corpus generator uses.
QUERY = "berg"


def size_mb(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(path, f)) for f in os.listdir(path)) / 1e6
    return os.path.getsize(path) / 1e6


def machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0) / 2**20
    return f"{model}, {os.cpu_count()} cores, {memory:.0f} GiB, {platform.system()} {platform.release()}"


def guards(rows, large, paired):
    """The performance guards (the bars that must not regress): (what, measured, holds). The
    ratios to peers come from the two commands run in turn (`paired`)."""
    rss_of = {r[1]: r[7] for r in rows}
    out = []
    def ratio(what, peer, bar):
        if peer in paired:
            r, ours, theirs = paired[peer]
            out.append((what, f"{r:.2f}× (median of 7 pairs in turn; medians {ours:.3f} s vs {theirs:.3f} s)", r >= bar))
    ratio("birthday list at least 1.4× faster than abook", "abook", 1.4)
    ratio("Google CSV → list at least 3× faster than Python's csv", "Python csv", 3)
    conversions = ["vCard 3.0 to NDJSON", "vCard 2.1 (quoted-printable) to NDJSON", "vCard 4.0 to NDJSON",
                   "Outlook CSV to NDJSON", "vCard 3.0 to Google CSV", "vCard 3.0 to vCard 4.0", "vCard 3.0 to iCalendar"]
    peak = max((rss_of[c] for c in conversions if c in rss_of), default=None)
    if peak is not None:
        out.append(("streaming conversions under 20 MiB", f"{peak:.1f} MiB at most", peak < 20))
    big = {(task, people): (median, rss) for task, people, median, rss in large}
    sorted_1m, sorted_3m = big.get(("sorted birthday list", 1_000_000)), big.get(("sorted birthday list", 3_000_000))
    abook_1m = big.get(("*abook --convert vcard to csv (lossy)*", 1_000_000))
    if sorted_1m and abook_1m:
        out.append(("1M people sorted faster than abook", f"{sorted_1m[0]:.1f} s vs {abook_1m[0]:.1f} s",
                    sorted_1m[0] < abook_1m[0]))
    if sorted_1m:
        out.append(("1M people sorted under 150 MiB", f"{sorted_1m[1]:.1f} MiB", sorted_1m[1] < 150))
    if sorted_3m:
        out.append(("3M people sorted under 150 MiB", f"{sorted_3m[1]:.1f} MiB", sorted_3m[1] < 150))
    if "3M/1M" in paired:
        r, one, three = paired["3M/1M"]
        out.append(("3M sorted within 3.6× the time of 1M", f"{r:.2f}× (median of 3 pairs in turn; medians {three:.1f} s vs {one:.1f} s)",
                    r <= 3.6))
    dupes = next((r for r in rows if r[1].startswith("duplicates report")), None)
    if dupes:
        out.append(("100k people with 10 % duplicates under 2 s", f"best {dupes[5]:.2f} s (median {dupes[4]:.2f}), {dupes[7]:.1f} MiB",
                    dupes[5] < 2))
    merged = next((r for r in rows if r[1].startswith("duplicates merged")), None)
    if merged:
        # Bounded memory: the finder's keys and about --buffer-size (64 MiB) of people held. Its
        # time is that of --dupes and of the conversion, plus the merge's: shown, no bar.
        out.append(("100k people with 10 % duplicates merged under 200 MiB",
                    f"{merged[7]:.1f} MiB (best {merged[5]:.2f} s, median {merged[4]:.2f})", merged[7] < 200))
    # #38's bounds: each row's bar (seconds, MiB).
    for task, seconds, mib in [("100,000 people on one switchboard number (--dupes)", 2, None),
                               ("one group of 50,000 with distinct notes (--merge --to json)", 5, None),
                               ("200,000 people sorted, --buffer-size 1K", None, 64),
                               ("200,000 people to iCalendar, --buffer-size 1K", 10, 64),
                               ("an LDIF line of 100 MB, --max-record-bytes 1M", None, 1 + 32),
                               ("an LDIF entry of 12 million attributes (60 MB)", 5, 64 + 32),
                               ("a CSV header of 3 million columns", 5, 64 + 32)]:
        row = next((r for r in rows if r[1] == task), None)
        if row:
            bars = ([f"under {seconds} s"] if seconds else []) + ([f"under {mib} MiB"] if mib else [])
            holds = (seconds is None or row[5] < seconds) and (mib is None or row[7] < mib)
            out.append((task + ": " + " and ".join(bars), f"best {row[5]:.2f} s (median {row[4]:.2f}), {row[7]:.1f} MiB", holds))
    calendar_3m = big.get(("calendar (--to ics)", 3_000_000))
    if calendar_3m:
        out.append(("the calendar of 3M people under 64 MiB", f"{calendar_3m[1]:.1f} MiB", calendar_3m[1] < 64))
    return out


def write_report(rows, scaling, large, paired, instructions=()):
    wc = next(r[4] for r in rows if r[1].startswith("wc -l"))
    lines = ["# Benchmarks", "", f"Made by `make bench` on {time.strftime('%Y-%m-%d')}: {machine()}.",
             f"Corpora from `scripts/gen_corpus.py --seed 1 --quirks`; {RUNS} runs each (1 for slow peers), "
             "median with min–max; peak RSS of the largest run.", "",
             "| task | input MB | time s (min–max) | MB/s | people/s | peak RSS MiB | × wc -l | × the peers doing the same job |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    peer_time = {r[1]: r[4] for r in rows if r[0] == "peer"}
    for group, task, path, people, median, lo, hi, rss in rows:
        mb = size_mb(path)
        name = task if group != "peer" else f"*{task}*"
        ratios = ", ".join(f"{median / peer_time[p]:.2f}× {short}" for p, short in SAME_JOB.get(task, []) if p in peer_time)
        lines.append(f"| {name} | {mb:.1f} | {median:.3f} ({lo:.3f}–{hi:.3f}) | {mb / median:.0f} | {people / median:,.0f} "
                     f"| {rss:.1f} | {median / wc:.1f} | {ratios} |")
    lines += ["", "Peers in *italics*. "
              "Reproduce with `make bench` (`BENCH_SIZES`, `BENCH_RUNS`, `BENCH_PEERS=0` to shorten it).", "",
              "## Scaling (vCard 3.0)", "", "| people | MB | NDJSON s | NDJSON RSS MiB | sorted list s | sorted list RSS MiB |",
              "|---:|---:|---:|---:|---:|---:|"]
    for people, size, json_run, sorted_run in scaling:
        lines.append(f"| {people:,} | {size / 1e6:.1f} | {json_run[0]:.2f} | {json_run[3]:.1f} | {sorted_run[0]:.2f} "
                     f"| {sorted_run[3]:.1f} |")
    if large:
        lines += ["", "## Flat memory: millions of people, large photos", "",
                  "Sorted output beyond `--buffer-size` (64 MiB) is sorted in runs in a temporary file and merged; "
                  "the calendar's UIDs are bounded the same way; the threads hold at most 4 MiB beyond one part "
                  "and share at most three malloc arenas. One run each.", "",
                  "| task | people or cards | time s | peak RSS MiB |", "|---|---:|---:|---:|"]
        for task, people, median, rss in large:
            lines.append(f"| {task} | {people:,} | {median:.2f} | {rss:.1f} |")
    if instructions:
        baseline = bench_instructions.read_baseline()
        lines += ["", "## Instructions per person, one thread", "",
                  f"Counted by callgrind (`make bench-instructions`, which CI runs against `scripts/instructions-baseline.tsv`): "
                  f"the difference between runs on {2 * bench_instructions.PEOPLE:,} and {bench_instructions.PEOPLE} people of the "
                  f"generator, divided by {bench_instructions.PEOPLE}, so start-up "
                  "does not count; the peers on the same jobs and inputs.", "",
                  "| path (`--threads 1`) | instructions per person | baseline | peer on the same job |", "|---|---:|---:|---|"]
        peers = {name: value for name, value in instructions if name.startswith("peer")}
        same = {"vcard-list": "peer: abook vCard to CSV", "csv-tsv-de": "peer: Python csv, Google CSV birthday list",
                "csv-list": "peer: Python csv, Google CSV birthday list"}
        for name, value in instructions:
            if name.startswith("peer"):
                continue
            peer = same.get(name)
            versus = f"{value / peers[peer]:.2f}× {peer[6:]} ({peers[peer]:,.0f})" if peer in peers else ""
            lines.append(f"| {name} | {value:,.0f} | {baseline.get(name, 0):,.0f} | {versus} |")
    checks = guards(rows, large, paired)
    if checks:
        lines += ["", "## Guards", "", "The bars that must not regress, measured in this run. A ratio to a peer is the median of "
                  "the ratios of 7 pairs run in turn (robust to the host's slow minutes and to one lucky run), "
                  "and 3M's growth over 1M that of 3 pairs; "
                  "a time guard compares the best of its runs, the median beside it.", "",
                  "| guard | measured | holds |", "|---|---:|---|"]
        for what, measured, holds in checks:
            lines.append(f"| {what} | {measured} | {'yes' if holds else '**no**'} |")
    with open(os.path.join(ROOT, "scripts", "bench-notes.md")) as notes:  # the analysis, kept by hand
        lines += ["", notes.read().rstrip()]
    with open(os.path.join(ROOT, "BENCHMARKS.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        colors = {"limit": "#999999", "ours": "#2a6fdb", "peer": "#e07b39"}
        shown = [r for r in rows if r[3] == MAIN and r[0] in colors]  # the bounds rows have bars of their own
        fig, ax = plt.subplots(figsize=(9, 0.45 * len(shown) + 1))
        ax.barh([r[1] for r in shown], [r[4] for r in shown], color=[colors[r[0]] for r in shown])
        ax.set_xscale("log")
        ax.set_xlabel(f"seconds, {MAIN:,} people (log scale)")
        ax.invert_yaxis()
        fig.tight_layout()
        fig.savefig(os.path.join(ROOT, "BENCHMARKS.png"), dpi=110)
        print("wrote BENCHMARKS.md and BENCHMARKS.png", file=sys.stderr)
    except ImportError:
        print("wrote BENCHMARKS.md (no matplotlib: no chart)", file=sys.stderr)


if __name__ == "__main__":
    main()
