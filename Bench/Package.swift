// swift-tools-version:6.0
// Micro-benchmarks of the hot paths, kept out of the main package so that normal builds skip
// them. Run with `make microbench` (swift run -c release).
import PackageDescription

let package = Package(
    name: "vcf2birthdays-bench",
    dependencies: [.package(name: "vcf2birthdays", path: "..")],
    targets: [
        .executableTarget(name: "microbench", dependencies: [
            .product(name: "VCFBirthdays", package: "vcf2birthdays"),
            .product(name: "VCFBirthdaysTesting", package: "vcf2birthdays"),
        ]),
    ]
)
