public import HeraldJSON

/// A problem with one media entry of a push: where it is (a JSON pointer into
/// the payload, `/herald/media/1/role`) and what is wrong. The entry is skipped
/// (or, for a bad clip, kept without the clip); the push itself still renders.
public struct MediaDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The JSON pointer of the entry at fault.
    public let pointer: String
    /// What was wrong and what was done about it.
    public let message: String

    /// Makes a diagnostic.
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`.
    public var description: String { "\(pointer): \(message)" }
}

/// Finds the media references in a push, from every place senders put them.
public enum MediaReferences {
    /// The references found and the diagnostics for entries that were skipped or repaired.
    public struct Extraction: Sendable {
        /// The references, in the push's order.
        public var references: [MediaReference]
        /// Entries skipped or repaired, and why.
        public var diagnostics: [MediaDiagnostic]
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
        var diags: [MediaDiagnostic] = []

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
                        MediaDiagnostic(
                            pointer: "/media-url",
                            message: "not ROT13-encoded (it reads as a plain URL); used as written"))
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
        _ media: JSONValue, into refs: inout [MediaReference], diagnostics: inout [MediaDiagnostic]
    ) {
        guard let list = media.arrayValue else {
            diagnostics.append(
                MediaDiagnostic(
                    pointer: "/herald/media",
                    message: "must be an array of media entries, found \(media.typeName)"))
            return
        }
        for (i, entry) in list.enumerated() {
            let p = "/herald/media/\(i)"
            if let s = entry.stringValue {
                if s.isEmpty {
                    diagnostics.append(MediaDiagnostic(pointer: p, message: "empty URL"))
                } else {
                    refs.append(MediaReference(url: s, source: .heraldMedia))
                }
                continue
            }
            guard let o = entry.objectValue else {
                diagnostics.append(
                    MediaDiagnostic(
                        pointer: p,
                        message: "must be an object {url, role, clip} or a URL string, found \(entry.typeName)"))
                continue
            }
            guard let urlValue = o["url"] else {
                diagnostics.append(MediaDiagnostic(pointer: p, message: "missing \"url\""))
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
                        MediaDiagnostic(
                            pointer: p + "/role",
                            message: "unknown role \(shown) (expected thumbnail, expanded or both); entry skipped"))
                    continue
                }
            }
            var clip: ClipRect?
            if let c = o["clip"] {
                switch readClip(c) {
                case .success(let rect): clip = rect
                case .failure(let why):
                    diagnostics.append(
                        MediaDiagnostic(pointer: p + "/clip", message: "\(why); the item is attached without a clip"))
                }
            }
            var id: String?
            if let v = o["id"] {
                if let s = v.stringValue, !s.isEmpty { id = s } else {
                    diagnostics.append(
                        MediaDiagnostic(pointer: p + "/id", message: "must be a non-empty string; ignored"))
                }
            }
            var receipt: String?
            if let v = o["receipt"] {
                if let s = v.stringValue, !s.isEmpty { receipt = s } else {
                    diagnostics.append(
                        MediaDiagnostic(pointer: p + "/receipt", message: "must be a non-empty string; ignored"))
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

    private static func nonEmptyString(_ v: JSONValue, pointer: String, _ diags: inout [MediaDiagnostic]) -> String? {
        guard let s = v.stringValue else {
            diags.append(MediaDiagnostic(pointer: pointer, message: "must be a URL string, found \(v.typeName)"))
            return nil
        }
        let trimmed = s.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            diags.append(MediaDiagnostic(pointer: pointer, message: "empty URL"))
            return nil
        }
        return trimmed
    }

    private static func looksLikeWebURL(_ s: String) -> Bool {
        let l = s.lowercased()
        return l.hasPrefix("https://") || l.hasPrefix("http://")
    }

    /// Same URL twice → one reference (the first's source, id and clip; roles merged).
    private static func merged(_ refs: [MediaReference], _ diags: inout [MediaDiagnostic]) -> [MediaReference] {
        var out: [MediaReference] = []
        for r in refs {
            if let i = out.firstIndex(where: { $0.url == r.url }) {
                if out[i].role != r.role { out[i].role = .both }
                if out[i].clip == nil { out[i].clip = r.clip }
                if out[i].receipt == nil { out[i].receipt = r.receipt }
                diags.append(
                    MediaDiagnostic(
                        pointer: pointer(of: r.source),
                        message: "\(r.url) is already named by \(pointer(of: out[i].source)); fetched once"))
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
