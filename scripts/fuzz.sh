#!/bin/sh
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for FUZZ_SECONDS
# (default 60), seeded from Fixtures/, Fuzz/seeds/ and small address books of the corpus generator
# (scripts/gen_corpus.py: every vCard version and CSV dialect, with the real clients' quirks). Corpora grow in $VCF2BIRTHDAYS_FUZZ_DIR (default
# ~/.cache/vcf2birthdays-fuzz); an input that crashes, hangs or leaks is saved in Fuzz/findings/
# and the script fails. Turn each finding into a fix plus a file in Fixtures/fuzz/.
# FUZZ_SEED and FUZZ_RUNS (per target) make a run repeatable: CI uses them, so that its smoke
# checks the same inputs every time instead of turning red on what a new random walk finds.
set -eu
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
work=${VCF2BIRTHDAYS_FUZZ_DIR:-$HOME/.cache/vcf2birthdays-fuzz}
targets=${FUZZ_TARGETS:-"vcard csv dates decoding roundtrip threads vcard-frames csv-fields ldif merge lines jcard jscontact dav"}
repeatable=""
[ -z "${FUZZ_SEED:-}" ] || repeatable="-seed=$FUZZ_SEED"
[ -z "${FUZZ_RUNS:-}" ] || repeatable="$repeatable -runs=$FUZZ_RUNS"

# SwiftPM may keep a stale build plan for the parent package's sources: plan afresh.
rm -f Fuzz/.build/release.yaml
(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    2>&1 | grep -v "Cannot export local symbol" | tail -3)
mkdir -p Fuzz/findings
# Generated seeds: twelve people in each format, with quirks, photos and duplicates.
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
for format in vcard21 vcard3 vcard4 google-csv outlook-csv; do
    case $format in *csv) ext=csv ;; *) ext=vcf ;; esac
    python3 scripts/gen_corpus.py --people 12 --seed 7 --format "$format" --quirks --photos 20 --duplicates 20 \
        --out "$generated/generated-$format.$ext"
done
export SWIFT_BACKTRACE=enable=no  # libFuzzer prints the stack; Swift's backtracer would stall under ASan
failed=""
for target in $targets; do
    corpus="$work/$target"
    mkdir -p "$corpus"
    case $target in
        vcard|roundtrip|merge) cp Fixtures/*.vcf Fixtures/vdir/*.vcf Fixtures/fuzz/*.vcf "$generated"/*.vcf "$corpus/" 2>/dev/null || true ;;
        csv) cp Fixtures/csv/* Fixtures/fuzz/*.csv "$generated"/*.csv "$corpus/" 2>/dev/null || true ;;
        dates) for d in 1985-04-15 19850415 --0415 --04-15 1604-04-15 1985-04-15T10:00:00Z 0000-02-29; do
                   printf '%s' "$d" > "$corpus/seed-$d"; done ;;
        decoding) printf '\002caf=E9=20=0D=0Ab' > "$corpus/seed-latin1"; printf '\003=82=A0=82=A2' > "$corpus/seed-sjis" ;;
        threads) for f in Fixtures/*.vcf Fixtures/csv/*.csv Fixtures/ldif/*.ldif Fixtures/fuzz/* "$generated"/*; do  # a first byte for the part size
                     printf ' ' | cat - "$f" > "$corpus/seed-$(basename "$f")"; done ;;
        vcard-frames|csv-fields) cp Fuzz/seeds/$target/* "$corpus/" ;;
        ldif) cp Fixtures/ldif/*.ldif "$corpus/" 2>/dev/null || true ;;
        jcard) cp Fixtures/jcard/*.json Fixtures/fuzz/*.json "$corpus/" 2>/dev/null || true ;;
        jscontact) cp Fixtures/jscontact/*.json Fixtures/fuzz/*.json "$corpus/" 2>/dev/null || true ;;
        dav) cp Fixtures/dav/*.xml "$corpus/" 2>/dev/null || true ;;
        lines) cp Fixtures/*.vcf Fixtures/csv/* Fixtures/ldif/*.ldif Fixtures/fuzz/* "$corpus/" 2>/dev/null || true ;;
    esac
    log="Fuzz/findings/$target.log"
    if Fuzz/.build/release/fuzz-$target -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Fuzz/findings/$target-" -print_final_stats=1 $repeatable "$corpus" > "$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "fuzz-$target: $runs runs (at most ${seconds}s), $cov, no findings"
    else
        echo "fuzz-$target: FINDING, see $log and Fuzz/findings/$target-*"
        failed="$failed $target"
    fi
done
[ -z "$failed" ] || { echo "findings in:$failed"; exit 1; }
