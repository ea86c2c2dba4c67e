#!/usr/bin/env python3
"""Checks `vcf2birthdays --to json` output against a gen_corpus.py manifest: the same people,
in input order, with the same family name, given name and birthday."""
import json
import sys


def main(output_path, manifest_path):
    with open(output_path, encoding="utf-8") as f:
        got = [json.loads(line) for line in f if line.strip()]
    with open(manifest_path, encoding="utf-8") as f:
        want = [json.loads(line) for line in f if line.strip()]
    if len(got) != len(want):
        print(f"MISMATCH: {len(got)} people, manifest has {len(want)}")
        return 1
    bad = 0
    for i, (g, w) in enumerate(zip(got, want)):
        actual = (g.get("familyName", ""), g.get("givenName", ""), g.get("birthday"))
        expected = (w["familyName"], w["givenName"], w["birthday"])
        if actual != expected:
            bad += 1
            if bad <= 10:
                print(f"MISMATCH person {i + 1}: got {actual}, want {expected}")
    if bad:
        print(f"MISMATCH: {bad} of {len(want)} people differ")
        return 1
    print(f"OK {len(want)} people")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
