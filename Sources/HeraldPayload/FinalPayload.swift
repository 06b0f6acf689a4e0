public import HeraldJSON

/// The text the stage worked out for the alert. Nil or empty fields are left out.
public struct RenderedAlert: Sendable, Equatable {
    /// The title shown.
    public var title: String?
    /// The subtitle shown.
    public var subtitle: String?
    /// The body shown.
    public var body: String?

    /// Makes an alert.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    /// The alert's literal title, subtitle and body as the payload wrote them
    /// (loc keys unresolved): the "original alert" a fallback shows.
    public init(literal alert: Alert) {
        self.init(title: alert.title, subtitle: alert.subtitle, body: alert.body)
    }

    /// Whether any field has visible text (a field of only whitespace or invisible
    /// format characters counts as empty).
    public var hasText: Bool { [title, subtitle, body].contains { !AlertText.isBlank($0) } }
}

/// The one rule for "this alert text is empty".
public enum AlertText {
    /// True for nil, "", and text made only of whitespace, control and invisible
    /// format characters (U+200B, bidi controls), default-ignorable characters (Hangul
    /// fillers) and the blank braille cell: nothing a user could read.
    public static func isBlank(_ text: String?) -> Bool {
        guard let text else { return true }
        return text.unicodeScalars.allSatisfy { u in
            u.properties.isWhitespace || u.properties.generalCategory == .format
                || u.properties.generalCategory == .control
                // Default_Ignorable_Code_Point: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
                // the combining grapheme joiner (U+034F), variation selectors — drawn as nothing.
                || u.properties.isDefaultIgnorableCodePoint
                || u.value == 0x2800  // BRAILLE PATTERN BLANK: drawn as an empty cell
        }
    }
}

/// The payload the stage emits, written as compact JSON within the byte budget.
public struct FinalPayload: Sendable, Equatable {
    /// The payload as written: its custom keys kept as their compact text, as they were read.
    public let content: PartlyParsedObject
    /// The payload as an object, every member a value: made when asked (each custom key
    /// parsed back), for a caller that needs the tree; writing the payload needs only `json`.
    public var object: JSONObject { content.wholeObject() }
    /// The compact JSON text.
    public let json: String
    /// `json`'s size in UTF-8 bytes (≤ the budget).
    public var byteCount: Int { json.utf8.count }
    /// Alert fields that were shortened ("body", "subtitle", "title") or
    /// dropped ("subtitle"), in the order it happened.
    public let shortenedFields: [String]
}

/// Writes the final payload: the original with the rendered alert, within the budget.
///
/// - `aps` is kept (every key, in order, `mutable-content` included); its `alert`
///   carries the rendered text. The loc keys and their args are dropped, being
///   resolved; other alert keys (`launch-image`, unknown ones) are kept. An
///   alert written as a string stays a string when only a body is rendered.
/// - `badge`, when given, replaces `aps.badge` (the store's running count).
/// - `droppedKeys` never reach the output: the `herald` object (its plaintext
///   is the device's secret) and the legacy secret carriers
///   `custom-encrypted-message` and `media-url`. Other custom keys are kept.
/// - Over `limit` bytes, the body is shortened at a grapheme boundary with "…"
///   (trailing spaces trimmed, open bidi isolates/embeddings closed before the
///   ellipsis), down to one grapheme (or "…" alone if that grapheme is huge);
///   then the subtitle (dropped if even one grapheme does not fit); then the
///   title. Other keys too big to fit is an error.
public enum PayloadWriter {
    /// Top-level keys that never leave the stage (the work and its secrets).
    public static let droppedKeys: [String] = ["herald", "custom-encrypted-message", "media-url"]
    /// Alert keys resolved by the stage and so not written back.
    public static let resolvedAlertKeys: [String] = [
        "title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args",
    ]
    /// What a shortened text ends with.
    public static let ellipsis = "\u{2026}"

    /// The final payload: `original` with the rendered alert (and badge) in place, the
    /// keys the stage consumed dropped, shortened to fit `limit` bytes.
    ///
    /// - Throws: `PayloadError` when the alert has no text or the rest alone does not fit.
    public static func finalPayload(
        from original: APNsPayload, alert rendered: RenderedAlert, badge: Int? = nil,
        limit: Int = APNsPayload.maximumBytes
    ) throws(PayloadError) -> FinalPayload {
        guard rendered.hasText else {
            throw PayloadError("the rendered alert has no text (title, subtitle and body are empty or blank)", pointer: "/aps/alert")
        }
        if let badge, badge < 0 { throw PayloadError("badge must not be negative, found \(badge)", pointer: "/aps/badge") }
        // Empty fields are left out; an empty string below only stands in for
        // a field being measured.
        func nonEmpty(_ s: String?) -> String? { AlertText.isBlank(s) ? nil : s }
        var fields = AlertFields(title: nonEmpty(rendered.title), subtitle: nonEmpty(rendered.subtitle), body: nonEmpty(rendered.body))
        var shortened: [String] = []

        func apsValue(_ f: AlertFields) -> JSONValue {
            var aps = original.aps.raw
            aps["alert"] = alertValue(f, original: original.aps.alert)
            if let badge { aps["badge"] = .int(badge) }
            return .object(aps)
        }
        func assemble(_ f: AlertFields) -> PartlyParsedObject {
            var object = original.object
            for k in droppedKeys { object.parsed[k] = nil }
            object.parsed["aps"] = apsValue(f)
            return object
        }
        // Everything but the value of `aps`, measured once: a payload of many custom keys
        // is neither copied nor written out to be measured against the budget.
        let rest = JSONWriter.length(of: original.object, leavingOut: { droppedKeys.contains($0) }, withoutValueOf: "aps")
        func size(_ f: AlertFields) -> Int { rest + JSONWriter.length(of: apsValue(f)) }

        // Measured without writing the (possibly long) body: the rest with an
        // empty body, plus the body's escaped length.
        var bodyless = fields
        if bodyless.body != nil { bodyless.body = "" }
        if size(bodyless) + escapedLength(fields.body ?? "") > limit {
            for name in ["body", "subtitle", "title"] {
                guard let text = fields[name], !text.isEmpty else { continue }
                // Earlier fields brought to their minimum may already have made room.
                if !shortened.isEmpty && size(fields) <= limit { break }
                var empty = fields
                empty[name] = ""
                // The field's JSON text adds exactly its escaped length to the rest.
                let base = size(empty)
                if let cut = shorten(text, maxEscapedBytes: limit - base) {
                    fields[name] = cut
                    shortened.append(name)
                    break
                }
                // Not even one grapheme fits: keep the minimum and go on. The
                // minimum is one grapheme and "…", or "…" alone when that
                // grapheme is itself huge (a cluster of hundreds of marks).
                if name == "subtitle" {
                    fields[name] = nil
                } else if shorten(text, maxEscapedBytes: 256) != nil {
                    fields[name] = shorten(text, maxEscapedBytes: Int.max, graphemes: 1)
                } else {
                    fields[name] = ellipsis
                }
                shortened.append(name)
            }
        }
        let total = size(fields)
        if total > limit {
            throw PayloadError(
                "the payload is \(total) bytes even with the alert shortened; keys other than the alert text exceed the \(limit)-byte budget",
                pointer: "")
        }
        // Within the budget: the members kept as text are copied as they are, and the
        // object (at most `limit` bytes of JSON) is made whole.
        let object = assemble(fields)
        return FinalPayload(content: object, json: JSONWriter.write(object), shortenedFields: shortened)
    }

    struct AlertFields {
        var title: String?
        var subtitle: String?
        var body: String?
        subscript(name: String) -> String? {
            get { name == "title" ? title : name == "subtitle" ? subtitle : body }
            set {
                if name == "title" { title = newValue } else if name == "subtitle" { subtitle = newValue } else { body = newValue }
            }
        }
    }

    static func alertValue(_ f: AlertFields, original: Alert?) -> JSONValue {
        if original?.wasString ?? false, f.title == nil, f.subtitle == nil, let body = f.body {
            return .string(body)
        }
        var o = original?.raw.objectValue ?? JSONObject()
        for k in resolvedAlertKeys { o[k] = nil }
        for (k, v) in [("title", f.title), ("subtitle", f.subtitle), ("body", f.body)] {
            o[k] = v.map(JSONValue.string)
        }
        return .object(o)
    }

    /// The longest grapheme-boundary prefix of `text` that, with "…" appended,
    /// takes at most `maxEscapedBytes` bytes as JSON string content; at least
    /// one grapheme. Nil when even one grapheme does not fit. With `graphemes`,
    /// exactly that many graphemes are kept.
    ///
    /// Grapheme clusters are Swift's `Character`s (Unicode's extended grapheme
    /// clusters). A candidate's escaped length is at least its byte length, so the
    /// walk stops at the first boundary past `maxEscapedBytes`: the cost is linear in
    /// the budget (plus the last cluster looked at), not in the text.
    public static func shorten(_ text: String, maxEscapedBytes: Int, graphemes: Int? = nil) -> String? {
        // ends[k - 1]: where the k-th grapheme ends.
        var ends: [String.Index] = []
        let wanted = graphemes.map { max($0, 1) } ?? Int.max
        var end = text.startIndex
        while end < text.endIndex, ends.count < wanted {
            end = text.index(after: end)
            if graphemes == nil, !ends.isEmpty, text.utf8.distance(from: text.startIndex, to: end) > maxEscapedBytes { break }
            ends.append(end)
        }
        let count = ends.count
        guard count >= 1 else { return nil }
        func candidate(_ k: Int) -> String {
            var prefix = String(text[..<ends[k - 1]])
            // Trim trailing spaces, keeping at least one character (O(1) per step).
            while let last = prefix.last, last.isWhitespace, prefix.index(before: prefix.endIndex) != prefix.startIndex {
                prefix.removeLast()
            }
            return prefix + closers(for: prefix) + ellipsis
        }
        func cost(_ s: String) -> Int { escapedLength(s) }
        if graphemes != nil { return candidate(count) }
        guard cost(candidate(1)) <= maxEscapedBytes else { return nil }
        var lo = 1, hi = count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if cost(candidate(mid)) <= maxEscapedBytes { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// The UTF-8 length of `s` written as JSON string content by `JSONWriter`
    /// (without the quotes), computed without writing it.
    public static func escapedLength(_ s: String) -> Int { JSONWriter.quotedLength(s) - 2 }

    /// PDI/PDF characters that close the isolates and embeddings `text` leaves open,
    /// so the ellipsis follows the paragraph's direction.
    static func closers(for text: String) -> String {
        var stack: [Unicode.Scalar] = []
        for u in text.unicodeScalars {
            switch u.value {
            case 0x2066, 0x2067, 0x2068: stack.append("\u{2069}")
            case 0x202A, 0x202B, 0x202D, 0x202E: stack.append("\u{202C}")
            case 0x2069:
                // A PDI also closes embeddings opened inside the isolate.
                if let i = stack.lastIndex(of: "\u{2069}") { stack.removeSubrange(i...) }
            case 0x202C:
                if stack.last == "\u{202C}" { stack.removeLast() }
            default: break
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: stack.reversed())
        return String(out)
    }
}
