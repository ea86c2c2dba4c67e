// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "vcf2birthdays",
    products: [
        .library(name: "VCFBirthdays", targets: ["VCFBirthdays"]),
        // Test doubles (recording sink, memory streams, fixed clock, stub opener) for tests and
        // for the fuzz targets in Fuzz/.
        .library(name: "VCFBirthdaysTesting", targets: ["VCFBirthdaysTesting"]),
        .executable(name: "vcf2birthdays", targets: ["vcf2birthdays"]),
        // libphonenumber's front as a library of its own, loaded only by runs that compare phone
        // numbers (--dupes, --merge): linked, libphonenumber and protobuf took 3 MB of every run.
        .library(name: "VCPhone", type: .dynamic, targets: ["VCPhone"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation` (the DocC catalog in Sources/VCFBirthdays).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Only supplies ICU's compiler and linker flags; Swift never imports it directly
        // (see VCICU: ICU types clash with Foundation's private ICU).
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // A small C front to ICU with an opaque, ICU-free header.
        .target(name: "VCICU", dependencies: ["CICU"]),
        // A small C front to libphonenumber (Debian's libphonenumber-dev), for phone numbers in E.164.
        .target(name: "VCPhone", linkerSettings: [.linkedLibrary("phonenumber")]),
        // libcurl, loaded at run time by the first request to a server (no headers needed to build).
        .target(name: "VCHTTP"),
        // The layers, each on the ones before it (ARCHITECTURE.md): the compiler rejects a back-arrow.
        .target(name: "ContactsCore", dependencies: ["VCICU"]),
        .target(name: "ContactFormats", dependencies: ["ContactsCore"]),
        .target(name: "ContactsOutput", dependencies: ["ContactsCore", "ContactFormats"]),
        // Servers: HTTP, WebDAV's XML, CardDAV address books as a file system.
        .target(name: "ContactsServer", dependencies: ["ContactsCore", "VCHTTP"]),
        // The program; its options are declared once, in the parts of `RunOptions`, as the command
        // line parses them (swift-argument-parser).
        .target(name: "VCFBirthdays", dependencies: ["ContactsCore", "ContactFormats", "ContactsOutput", "ContactsServer",
                                                     .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Test support by layer: the doubles and fixtures (the model's), vCard parsing (the
        // formats'), the program's doubles and runs (which gives the two before it too).
        .target(name: "ContactsTesting", dependencies: ["ContactsCore"]),
        .target(name: "ContactFormatsTesting", dependencies: ["ContactsCore", "ContactFormats", "ContactsTesting"]),
        .target(name: "ContactsServerTesting", dependencies: ["ContactsCore", "ContactsServer"]),
        .target(name: "VCFBirthdaysTesting", dependencies: ["VCFBirthdays", "ContactsTesting", "ContactFormatsTesting", "ContactsServerTesting"]),
        // The build's version, from `git describe` (see the Makefile).
        .target(name: "VCBuild"),
        // glibc's <malloc.h>, for the command's malloc tuning.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "vcf2birthdays",
            dependencies: [
                "VCFBirthdays",
                "VCBuild",
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests by layer (ARCHITECTURE.md), each importing its layer and the ones beneath
        // it (ArchitectureTests checks it): the model, the formats, the outputs, the program
        // with its command line end to end.
        .testTarget(name: "ContactsCoreTests", dependencies: ["ContactsCore", "ContactsTesting", "VCICU"]),
        .testTarget(name: "ContactFormatsTests",
                    dependencies: ["ContactsCore", "ContactFormats", "ContactsTesting", "ContactFormatsTesting"]),
        .testTarget(name: "ContactsOutputTests",
                    dependencies: ["ContactsCore", "ContactFormats", "ContactsOutput", "ContactsTesting", "ContactFormatsTesting"]),
        .testTarget(name: "ContactsServerTests", dependencies: ["ContactsCore", "ContactsServer", "ContactsTesting", "ContactsServerTesting"]),
        .testTarget(
            name: "VCFBirthdaysTests",
            dependencies: ["ContactsCore", "ContactFormats", "ContactsOutput",
                           "VCFBirthdays", "VCFBirthdaysTesting", "ContactsServer", "ContactsServerTesting",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
