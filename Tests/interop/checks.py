"""What the interop scripts share: the pass/fail bookkeeping (check() each expectation, then
finish() prints 'N passed, N failed' and exits 1 on any failure), and ical_check.c built
against the system's libical."""
import os
import shutil
import subprocess
import sys

passed = failed = 0


def check(ok, what):
    """Counts one expectation; prints it (the first 50) when it fails."""
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 50:
            print("FAILED:", what)


def finish(label=""):
    print(f"{label}{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def libical_checker(directory):
    """ical_check.c built against the system's libical, in `directory`."""
    compiler = os.environ.get("CC") or next((c for c in ("cc", "clang", "gcc") if shutil.which(c)), None)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libical"], capture_output=True, text=True)
    if compiler is None or flags.returncode != 0:
        sys.exit("libical's check needs a C compiler and libical-dev (scripts/require-packages.sh test)")
    binary = os.path.join(directory, "ical_check")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([compiler, "-o", binary, os.path.join(here, "ical_check.c"), *flags.stdout.split()], check=True)
    return binary
