public import HeraldICU
public import HeraldJSON

/// The JSON object `herald format --json` and `format --batch` write for a rendered key,
/// straight into a `BufferedOutput`: {"text", "servedBy", "key", ["locale",] "plural",
/// ["diagnostics"]}, or {"error", ["key",] ["locale"]} for a request that failed.
public enum FormatJSON {
    /// Writes the --json object for `r` and a newline:
    /// {"text", "servedBy", "key", ["locale",] "plural", ["diagnostics"]}.
    public static func writeObject(_ r: RenderResult, locale: String?, to out: inout BufferedOutput) {
        var text = r.text
        text.withUTF8 { bytes in
            writeObject(
                text: bytes,
                RenderDetails(
                    servedBy: r.servedBy, key: r.key, table: r.table, pluralChoices: r.pluralChoices,
                    diagnostics: r.diagnostics),
                locale: locale, to: &out)
        }
    }

    /// `writeObject` for a text given as UTF-8 bytes (`Renderer.render(…, text:)`).
    /// The common answer (no diagnostics, short strings) is written in place
    /// in one go; the rest piece by piece.
    public static func writeObject(text: UnsafeBufferPointer<UInt8>, _ r: RenderDetails, locale: String?, to out: inout BufferedOutput) {
        // Up to two plural choices (the common answers) need no sorted copy: two are
        // written in name order by index.
        if r.diagnostics.isEmpty, r.pluralChoices.count <= 2 {
            let c = r.pluralChoices
            let swapped = c.count == 2 && c[1].variable < c[0].variable
            if writeObjectInPlace(text: text, r, choices: c, swapped: swapped, locale: locale, to: &out) { return }
        }
        let choices = r.pluralChoices.count > 1 ? r.pluralChoices.sorted(by: { $0.variable < $1.variable }) : r.pluralChoices
        if r.diagnostics.isEmpty, writeObjectInPlace(text: text, r, choices: choices, swapped: false, locale: locale, to: &out) { return }
        out.writeStatic("{\"text\":")
        out.writeQuoted(bytes: text)
        out.writeStatic(",\"servedBy\":")
        out.writeQuoted(r.servedBy)
        out.writeStatic(",\"key\":")
        out.writeQuoted(r.key)
        if let locale {
            out.writeStatic(",\"locale\":")
            out.writeQuoted(locale)
        }
        out.writeStatic(",\"plural\":{")
        for (i, choice) in choices.enumerated() {
            if i > 0 { out.writeStatic(",") }
            out.writeQuoted(choice.variable)
            out.writeStatic(":\"")
            out.write(choice.category.rawValue)
            out.writeStatic("\"")
        }
        out.writeStatic("}")
        if !r.diagnostics.isEmpty {
            out.writeStatic(",\"diagnostics\":[")
            for (i, d) in r.diagnostics.enumerated() {
                if i > 0 { out.writeStatic(",") }
                out.writeQuoted("\(d.severity.rawValue): \(d.message) [\(d.rule)]")
            }
            out.writeStatic("]")
        }
        out.writeStatic("}\n")
    }

    /// The object without diagnostics written straight into the output with
    /// one bounds check; false (nothing written) when it might not fit a block.
    /// `swapped`: the choices are written last to first.
    private static func writeObjectInPlace(
        text: UnsafeBufferPointer<UInt8>, _ r: RenderDetails, choices: [(variable: String, category: PluralCategory)],
        swapped: Bool, locale: String?, to out: inout BufferedOutput
    ) -> Bool {
        // The strings are read in place (`utf8.withContiguousStorageIfAvailable`,
        // which also serves small strings) and the choices by index: no copy of
        // a String or of the array, so no retain/release pair per piece.
        // A String without contiguous UTF-8 (bridged; never made here) gives
        // nil, and false sends the object to the piecewise writer.
        let done = r.servedBy.utf8.withContiguousStorageIfAvailable { servedByBytes -> Bool in
            let done = r.key.utf8.withContiguousStorageIfAvailable { keyBytes -> Bool in
                let done = (locale ?? "").utf8.withContiguousStorageIfAvailable { tagBytes -> Bool in
                    writeObjectInPlace(
                        text: text, servedBy: servedByBytes, key: keyBytes, tag: locale == nil ? nil : tagBytes,
                        choices: choices, swapped: swapped, to: &out)
                }
                return done ?? false
            }
            return done ?? false
        }
        return done ?? false
    }

    @inline(__always)
    private static func writeObjectInPlace(
        text: UnsafeBufferPointer<UInt8>, servedBy: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>,
        tag: UnsafeBufferPointer<UInt8>?, choices: [(variable: String, category: PluralCategory)], swapped: Bool,
        to out: inout BufferedOutput
    ) -> Bool {
        var names = 0
        for i in choices.indices { names += choices[i].variable.utf8.count }
        // Every string at its worst escaped, plus the fixed parts (member names, punctuation, categories).
        let most =
            (text.count + servedBy.count + key.count + (tag?.count ?? 0) + names) * JSONWriter.maximumExpansion
            + choices.count * 16 + 96
        return out.writeInPlace(maximum: most) { dst in
            var o = 0
            // The fixed pieces are a few bytes each: a loop, not a call to memmove.
            @inline(__always) func put(_ s: StaticString) {
                let n = s.utf8CodeUnitCount
                let from = s.utf8Start
                for k in 0..<n { dst[o + k] = from[k] }
                o += n
            }
            put("{\"text\":")
            o += JSONWriter.quote(text, to: dst + o)
            put(",\"servedBy\":")
            o += JSONWriter.quote(servedBy, to: dst + o)
            put(",\"key\":")
            o += JSONWriter.quote(key, to: dst + o)
            if let tag {
                put(",\"locale\":")
                o += JSONWriter.quote(tag, to: dst + o)
            }
            put(",\"plural\":{")
            for j in choices.indices {
                if j > 0 { put(",") }
                let i = swapped ? choices.count - 1 - j : j
                var name = choices[i].variable
                o += name.withUTF8 { JSONWriter.quote($0, to: dst + o) }
                put(":")
                switch choices[i].category {
                case .zero: put("\"zero\"")
                case .one: put("\"one\"")
                case .two: put("\"two\"")
                case .few: put("\"few\"")
                case .many: put("\"many\"")
                case .other: put("\"other\"")
                }
            }
            put("}}\n")
            return o
        }
    }

    /// Writes {"error", ["key",] ["locale"]} and a newline.
    public static func writeError(_ message: String, key: String?, locale: String?, to out: inout BufferedOutput) {
        out.write("{\"error\":")
        out.writeQuoted(message)
        if let key {
            out.write(",\"key\":")
            out.writeQuoted(key)
        }
        if let locale {
            out.write(",\"locale\":")
            out.writeQuoted(locale)
        }
        out.write("}\n")
    }

    /// A language ICU has no data for (`xx`) is said, as a warning `unknown-locale`
    /// naming the locale as read and the localization served (Docs/locales.md).
    public static func noteUnknownLanguage(of locale: LocaleID, in result: inout RenderResult) {
        if let note = locale.unknownLanguageNote(servedBy: result.servedBy) {
            result.diagnostics.append(Diagnostic(.unknownLocale, .warning, note))
        }
    }
}
