public import HeraldJSON
public import HeraldDiagnostics

// The rules media references are reported under, each with what it means beside it.
extension Diagnostic.Rule {
    public static let mediaSkipped = Self("media-skipped")  // A media reference of a push that is not attached (not a URL, an unknown role…); the push itself still renders.
    public static let mediaFieldIgnored = Self("media-field-ignored")  // A field of a media entry that is ignored (a bad clip, id or receipt); the item is attached.
    public static let mediaNotROT13 = Self("media-not-rot13")  // A legacy `media-url` that is not ROT13-encoded; used as written.
    public static let mediaRepeated = Self("media-repeated")  // The same URL named twice; it is fetched once.
}

/// Finds the media references in a push, from every place senders put them.
public enum MediaReferences {
    /// The references found and the diagnostics for entries that were skipped or repaired.
    public struct Extraction: Sendable {
        /// The references, in the push's order.
        public var references: [MediaReference]
        /// Entries skipped or repaired, and why: each at the JSON pointer of the
        /// entry at fault (`/herald/media/1/role`).
        public var diagnostics: [Diagnostic]
    }

    /// Media references in `payload`, in this order: the `herald.media` list
    /// (sender order), `aps.alert.image`, the custom `image` key, the legacy
    /// ROT13 `media-url`. `herald` is the opened herald object (after
    /// unsealing); when nil, the payload's own `herald` is used unless it is
    /// sealed. The same URL named twice is fetched once: a `thumbnail` and an
    /// `expanded` naming the same URL merge into `both`.
    public static func extract(from payload: JSONValue, herald: JSONObject?) -> [MediaReference] {
        extractWithDiagnostics(from: payload, herald: herald).references
    }

    /// As `extract(from:herald:)`, with a diagnostic for every bad entry.
    public static func extractWithDiagnostics(from payload: JSONValue, herald: JSONObject?)
        -> Extraction
    {
        var refs: [MediaReference] = []
        var diags: [Diagnostic] = []

        let heraldObject: JSONObject?
        if let herald {
            heraldObject = herald
        } else if let plain = payload["herald"]?.objectValue, plain["sealed"] == nil {
            heraldObject = plain
        } else {
            heraldObject = nil
        }
        if let media = heraldObject?["media"] {
            readHeraldMedia(media, into: &refs, diagnostics: &diags)
        }

        if let image = payload["aps"]?["alert"]?["image"] {
            if let s = nonEmptyString(image, pointer: "/aps/alert/image", &diags) {
                refs.append(MediaReference(url: s, source: .alertImage))
            }
        }
        if let image = payload["image"] {
            if let s = nonEmptyString(image, pointer: "/image", &diags) {
                refs.append(MediaReference(url: s, source: .imageKey))
            }
        }
        if let legacy = payload["media-url"] {
            if let s = nonEmptyString(legacy, pointer: "/media-url", &diags) {
                let decoded = rot13(s)
                if looksLikeWebURL(decoded) {
                    refs.append(MediaReference(url: decoded, source: .legacy))
                } else if looksLikeWebURL(s) {
                    diags.append(
                        Diagnostic(.mediaNotROT13, .note, "not ROT13-encoded (it reads as a plain URL); used as written", at: .pointer("/media-url")))
                    refs.append(MediaReference(url: s, source: .legacy))
                } else {
                    // Keep it: the fetcher reports the unsupported scheme precisely.
                    refs.append(MediaReference(url: decoded, source: .legacy))
                }
            }
        }
        return Extraction(references: merged(refs, &diags), diagnostics: diags)
    }

    /// ROT13 of ASCII letters; everything else unchanged.
    public static func rot13(_ s: String) -> String {
        String(
            String.UnicodeScalarView(
                s.unicodeScalars.map { u -> Unicode.Scalar in
                    switch u.value {
                    case 65...90: return Unicode.Scalar((u.value - 65 + 13) % 26 + 65) ?? u
                    case 97...122: return Unicode.Scalar((u.value - 97 + 13) % 26 + 97) ?? u
                    default: return u
                    }
                }))
    }

    // MARK: - herald.media

    private static func readHeraldMedia(
        _ media: JSONValue, into refs: inout [MediaReference], diagnostics: inout [Diagnostic]
    ) {
        guard let list = media.arrayValue else {
            diagnostics.append(
                Diagnostic(.mediaSkipped, .warning, "must be an array of media entries, found \(media.typeName)", at: .pointer("/herald/media")))
            return
        }
        for (i, entry) in list.enumerated() {
            let p = "/herald/media/\(i)"
            if let s = entry.stringValue {
                if s.isEmpty {
                    diagnostics.append(Diagnostic(.mediaSkipped, .warning, "empty URL", at: .pointer(p)))
                } else {
                    refs.append(MediaReference(url: s, source: .heraldMedia))
                }
                continue
            }
            guard let o = entry.objectValue else {
                diagnostics.append(
                    Diagnostic(.mediaSkipped, .warning, "must be an object {url, role, clip} or a URL string, found \(entry.typeName)", at: .pointer(p)))
                continue
            }
            guard let urlValue = o["url"] else {
                diagnostics.append(Diagnostic(.mediaSkipped, .warning, "missing \"url\"", at: .pointer(p)))
                continue
            }
            guard let url = nonEmptyString(urlValue, pointer: p + "/url", &diagnostics) else { continue }

            var role = MediaRole.both
            if let r = o["role"] {
                if let s = r.stringValue, let known = MediaRole(rawValue: s) {
                    role = known
                } else {
                    let shown = r.stringValue.map { "\"\($0)\"" } ?? r.typeName
                    diagnostics.append(
                        Diagnostic(.mediaSkipped, .warning, "unknown role \(shown) (expected thumbnail, expanded or both); entry skipped", at: .pointer(p + "/role")))
                    continue
                }
            }
            var clip: ClipRect?
            if let c = o["clip"] {
                switch readClip(c) {
                case .success(let rect): clip = rect
                case .failure(let why):
                    diagnostics.append(
                        Diagnostic(.mediaFieldIgnored, .warning, "\(why); the item is attached without a clip", at: .pointer(p + "/clip")))
                }
            }
            var id: String?
            if let v = o["id"] {
                if let s = v.stringValue, !s.isEmpty { id = s } else {
                    diagnostics.append(
                        Diagnostic(.mediaFieldIgnored, .warning, "must be a non-empty string; ignored", at: .pointer(p + "/id")))
                }
            }
            var receipt: String?
            if let v = o["receipt"] {
                if let s = v.stringValue, !s.isEmpty { receipt = s } else {
                    diagnostics.append(
                        Diagnostic(.mediaFieldIgnored, .warning, "must be a non-empty string; ignored", at: .pointer(p + "/receipt")))
                }
            }
            refs.append(
                MediaReference(url: url, role: role, clip: clip, source: .heraldMedia, id: id, receipt: receipt))
        }
    }

    private struct ClipError: Error, CustomStringConvertible {
        let description: String
    }

    /// A clip is `{"x":…, "y":…, "width":…, "height":…}` (or the
    /// CGRect.dictionaryRepresentation spelling X/Y/Width/Height), or `[x, y, width, height]`.
    private static func readClip(_ v: JSONValue) -> Result<ClipRect, ClipError> {
        var numbers: [Double] = []
        if let a = v.arrayValue {
            guard a.count == 4 else { return .failure(ClipError(description: "a clip array needs 4 numbers [x, y, width, height], found \(a.count)")) }
            for (i, e) in a.enumerated() {
                guard let d = e.doubleValue else {
                    return .failure(ClipError(description: "element \(i) must be a number, found \(e.typeName)"))
                }
                numbers.append(d)
            }
        } else if let o = v.objectValue {
            for (lower, upper) in [("x", "X"), ("y", "Y"), ("width", "Width"), ("height", "Height")] {
                guard let e = o[lower] ?? o[upper] else {
                    return .failure(ClipError(description: "missing \"\(lower)\""))
                }
                guard let d = e.doubleValue else {
                    return .failure(ClipError(description: "\"\(lower)\" must be a number, found \(e.typeName)"))
                }
                numbers.append(d)
            }
        } else {
            return .failure(ClipError(description: "must be an object {x, y, width, height} or an array, found \(v.typeName)"))
        }
        guard let rect = ClipRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) else {
            return .failure(
                ClipError(
                    description:
                        "(\(numbers.map { String($0) }.joined(separator: ", "))) is not a normalized rectangle (values 0…1, non-empty, inside the image)"))
        }
        return .success(rect)
    }

    // MARK: - helpers

    private static func nonEmptyString(_ v: JSONValue, pointer: String, _ diags: inout [Diagnostic]) -> String? {
        guard let s = v.stringValue else {
            diags.append(Diagnostic(.mediaSkipped, .warning, "must be a URL string, found \(v.typeName)", at: .pointer(pointer)))
            return nil
        }
        let trimmed = s.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            diags.append(Diagnostic(.mediaSkipped, .warning, "empty URL", at: .pointer(pointer)))
            return nil
        }
        return trimmed
    }

    private static func looksLikeWebURL(_ s: String) -> Bool {
        let l = s.lowercased()
        return l.hasPrefix("https://") || l.hasPrefix("http://")
    }

    /// Same URL twice → one reference (the first's source, id and clip; roles merged).
    private static func merged(_ refs: [MediaReference], _ diags: inout [Diagnostic]) -> [MediaReference] {
        var out: [MediaReference] = []
        for r in refs {
            if let i = out.firstIndex(where: { $0.url == r.url }) {
                if out[i].role != r.role { out[i].role = .both }
                if out[i].clip == nil { out[i].clip = r.clip }
                if out[i].receipt == nil { out[i].receipt = r.receipt }
                diags.append(
                    Diagnostic(.mediaRepeated, .note, "\(r.url) is already named by \(pointer(of: out[i].source)); fetched once", at: .pointer(pointer(of: r.source))))
            } else {
                out.append(r)
            }
        }
        return out
    }

    private static func pointer(of source: MediaSource) -> String {
        switch source {
        case .legacy: return "/media-url"
        case .alertImage: return "/aps/alert/image"
        case .imageKey: return "/image"
        case .heraldMedia: return "/herald/media"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
