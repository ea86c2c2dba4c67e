import ContactsCore
import ContactFormats

/// Writes each person's embedded photo (vCard `PHOTO`: 2.1 and 3.0 base64, 4.0 `data:` URI) to
/// a folder, then passes the person on. File names come from the person's name, made safe: no
/// path separators, no `..`, no control characters; a name used twice gets ` (2)`. The extension
/// comes from the media type, else the image's first bytes. An existing file is never
/// overwritten unless `replacesExisting`, and then replaced by a rename: a photo is never
/// written through a link, nor left half written. Photos appear when written, or, when
/// `holdsPhotos`, only once `commit` is called (`--strict`: nothing is written if the run fails).
public final class PhotoExtractor: PeopleSink {
    private let directory: String
    private var files: FolderFiles!
    private let diagnostics: DiagnosticsHandler
    private let next: PeopleSink
    private var usedNames = Set<String>()
    /// Photos that could not be written.
    public private(set) var failures = 0
    /// The photos written so far.
    public var written: Int { files.written }

    /// Writes photos into `directory` through `outputs`; `replacesExisting` (`--force`); `holdsPhotos` keeps them until `commit()`.
    public init(directory: String, outputs: OutputFiles, replacesExisting: Bool, holdsPhotos: Bool = false,
                diagnostics: DiagnosticsHandler, next: PeopleSink) {
        self.directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.diagnostics = diagnostics
        self.next = next
        files = FolderFiles(outputs: outputs, mode: .newFile(replacingExisting: replacesExisting), holds: holdsPhotos) {
            [unowned self] in fail($0, $1, $2)
        }
    }

    public func consume(_ person: PersonInfo) throws {
        for property in person.extraProperties where property.name.uppercased() == "PHOTO" {
            extract(property, of: person)
        }
        try next.consume(person)
    }

    public func finish() throws {
        try next.finish()
    }

    /// Makes the held photos appear.
    public func commit() {
        files.commit()
    }

    /// Removes the held photos.
    public func discard() {
        files.discard()
    }

    private func fail(_ path: String, _ source: SourcePosition, _ error: Error) {
        failures += 1
        let reason = (error as? IOFailure)?.reason ?? "\(error)"
        let hint = reason.contains("exists") ? " (give --force to replace it)" : ""
        diagnostics.report(Diagnostic(.error, .cannotWritePhoto, path: source.path, line: source.line,
                                      "cannot write photo \(path): \(reason)\(hint)"))
    }

    private func extract(_ photo: VCardProperty, of person: PersonInfo) {
        let source = person.source
        guard let (bytes, mediaType) = Self.embeddedImage(photo) else {
            diagnostics.report(Diagnostic(.warning, .photoNotExtracted, path: source.path, line: photo.line > 0 ? photo.line : source.line,
                                          "photo is a link or not base64, not extracted"))
            return
        }
        let ext = Self.fileExtension(mediaType: mediaType, bytes: bytes)
        let base = Self.safeFileName(person.displayName, fallback: "contact-\(source.line)")
        var name = base + "." + ext
        var n = 2
        while usedNames.contains(name.lowercased()) {
            name = "\(base) (\(n)).\(ext)"
            n += 1
        }
        usedNames.insert(name.lowercased())
        files.write(bytes, to: directory + "/" + name, of: source)
    }

    /// The image bytes and media type of a `PHOTO`, when it is embedded (base64 with or,
    /// when the bytes are an image, without an `ENCODING` parameter, or a `data:` URI).
    static func embeddedImage(_ photo: VCardProperty) -> ([UInt8], String?)? {
        let value = photo.value
        if value.lowercased().hasPrefix("data:") {
            guard let uri = Base64.dataURI(value), let bytes = Base64.decode(uri.data) else { return nil }
            return (bytes, uri.mediaType.lowercased())
        }
        let encoding = photo.parameters.first { $0.name == "ENCODING" }?.values.first?.lowercased()
        guard encoding == "b" || encoding == "base64" || encoding == nil, let bytes = Base64.decode(Substring(value)) else { return nil }
        // Without ENCODING (as a mail client writes it), only base64 that is an image.
        guard encoding != nil || fileExtension(mediaType: nil, bytes: bytes) != "bin" else { return nil }
        let type = photo.parameters.first { $0.name == "TYPE" }?.values.first
        return (bytes, type.map { $0.lowercased().contains("/") ? $0.lowercased() : "image/" + $0.lowercased() })
    }

    /// From the media type, else the file's magic bytes; `bin` when neither says.
    static func fileExtension(mediaType: String?, bytes: [UInt8]) -> String {
        switch mediaType?.split(separator: "/").last {
        case "jpeg", "jpg", "pjpeg": return "jpg"
        case "png": return "png"
        case "gif": return "gif"
        case "webp": return "webp"
        case "heic", "heif": return "heic"
        case "bmp": return "bmp"
        case "tiff": return "tiff"
        default: break
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "webp"
        }
        if bytes.count >= 12 && Array(bytes[4..<8]) == Array("ftyp".utf8) { return "heic" }
        if bytes.starts(with: Array("BM".utf8)) { return "bmp" }
        return "bin"
    }

    /// A file name from a person's name: path separators, characters Windows forbids and control
    /// characters become `_`; format characters (bidi controls, which can make `gpj.exe` show
    /// as `exe.jpg`, zero-width ones) and line separators go; leading and trailing dots and
    /// spaces go; at most 100 bytes.
    static func safeFileName(_ name: String, fallback: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator:
                continue
            case .control:
                out.append("_")
            default:
                if "/\\:*?\"<>|".unicodeScalars.contains(scalar) { out.append("_") } else { out.unicodeScalars.append(scalar) }
            }
        }
        var trimmed = Substring(out)
        while let c = trimmed.first, c == "." || c == " " { trimmed = trimmed.dropFirst() }
        while let c = trimmed.last, c == "." || c == " " { trimmed = trimmed.dropLast() }
        var result = ""
        for c in trimmed where result.utf8.count + String(c).utf8.count <= 100 { result.append(c) }
        return result.isEmpty ? fallback : result
    }
}
