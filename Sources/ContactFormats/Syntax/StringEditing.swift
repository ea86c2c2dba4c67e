extension String {
    /// Without the spaces and tabs at either end (no other white space: a value's line breaks stay).
    package func trimmingSpaces() -> String {
        let utf8 = self.utf8
        func isSpace(_ b: UInt8?) -> Bool { b == 0x20 || b == 0x09 }
        // The usual case, at once (a native string's bytes, without the view's indices).
        let bytes = utf8.span
        if bytes.isEmpty || (!isSpace(bytes[0]) && !isSpace(bytes[bytes.count - 1])) { return self }
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == utf8.startIndex && utf8.index(after: last) == utf8.endIndex { return self }
        return String(self[first...last])
    }

    /// Every occurrence of `target` replaced (no Foundation here).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
