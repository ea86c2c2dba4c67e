"""The pass/fail bookkeeping the interop scripts share: check() each expectation, then
finish() prints 'N passed, N failed' and exits 1 on any failure."""
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
