#!/usr/bin/env bash
# A package that depends on the library by URL and version builds and reads a vCard: the
# repository is cloned and tagged in a temporary folder, a small executable package names it
# with `from:`, and its output is compared. (SwiftPM refuses, among others, a dependency
# with unsafe build flags.) An argument names another commit to try than the last one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/vcf2birthdays"
git -C "$work/vcf2birthdays" checkout -q "${1:-HEAD}"
git -C "$work/vcf2birthdays" tag 0.9.0
mkdir -p "$work/reader/Sources/reader"
cat > "$work/reader/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "reader",
    dependencies: [.package(url: "file://$work/vcf2birthdays", from: "0.9.0")],
    targets: [.executableTarget(name: "reader", dependencies: [.product(name: "VCFBirthdays", package: "vcf2birthdays")])]
)
SWIFT
cat > "$work/reader/Sources/reader/main.swift" <<'SWIFT'
import VCFBirthdays

/// Collects the people a parser reads.
final class Names: PeopleSink {
    var names: [String] = []
    func consume(_ person: PersonInfo) throws { names.append("\(person.displayName) \(person.birthday?.description ?? "-")") }
    func finish() throws {}
}

/// Counts what goes wrong.
final class Problems: DiagnosticsHandler {
    var count = 0
    func report(_ diagnostic: Diagnostic) { count += 1 }
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws { count += 1 }
}

let vcard = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Berg;Ann;;;\r\nFN:Ann Berg\r\nBDAY:1990-01-05\r\nEND:VCARD\r\n".utf8)
let sink = Names(), problems = Problems()
let parser = VCardParser(path: "in.vcf", sink: sink, diagnostics: problems)
try parser.feed(vcard)
try parser.finish()
print(sink.names.joined(separator: "\n"), problems.count)
SWIFT
if ! build=$(cd "$work/reader" && swift build 2>&1); then
    echo "a package depending on the library by version does not build:" >&2
    echo "$build" | tail -20 >&2
    exit 1
fi
out=$("$work/reader/.build/debug/reader")
if [ "$out" != "Ann Berg 1990-01-05 0" ]; then
    echo "a package depending on the library by version: expected 'Ann Berg 1990-01-05 0', got:" >&2
    echo "$out" >&2
    exit 1
fi
echo "a package depending on the library by version builds and reads a vCard"
