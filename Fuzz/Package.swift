// swift-tools-version:6.0
// libFuzzer targets, kept out of the main package so that normal builds skip them.
// Build and run with `make fuzz` (see the Makefile): swift build -Xswiftc -sanitize=fuzzer,address.
import PackageDescription

let targets = ["fuzz-vcard", "fuzz-csv", "fuzz-dates", "fuzz-decoding", "fuzz-roundtrip", "fuzz-threads",
               "fuzz-vcard-frames", "fuzz-csv-fields", "fuzz-ldif", "fuzz-merge", "fuzz-lines", "fuzz-jcard", "fuzz-jscontact", "fuzz-dav"]

let package = Package(
    name: "vcf2birthdays-fuzz",
    dependencies: [.package(name: "vcf2birthdays", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: [
            "CFuzzDriver",
            .product(name: "VCFBirthdays", package: "vcf2birthdays"),
            .product(name: "VCFBirthdaysTesting", package: "vcf2birthdays"),
        ]),
    ] + targets.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "VCFBirthdays", package: "vcf2birthdays"),
        ])
    }
)
