/// Something in a text that must never be shown to the user.
public enum OutputProblem: Sendable, Equatable, CustomStringConvertible {
    /// The text is empty (or only whitespace).
    case empty
    /// A printf or plural specifier left unsubstituted: `%@`, `%1$@`, `%d`, `%#@files@`.
    case leftoverSpecifier(String)
    /// A UUID (8-4-4-4-12 hex digits), e.g. an unknown reminder's id.
    case uuid(String)
    /// A long run that looks like base64 ciphertext or a raw key.
    case base64Like(String)
    /// A long run of hex digits (a raw key or digest).
    case hexLike(String)
    /// One of the secrets the caller named (ciphertext, key, legacy ROT13 text) appears verbatim.
    case knownSecret

    /// The problem in words (never the text itself).
    public var description: String {
        switch self {
        case .empty: return "the text is empty"
        case .leftoverSpecifier(let s): return "unsubstituted format specifier \(s)"
        case .uuid: return "the text shows a UUID"
        case .base64Like: return "the text shows something like ciphertext or a key (base64)"
        case .hexLike: return "the text shows something like a key or digest (hex)"
        case .knownSecret: return "the text shows ciphertext or key material from the payload"
        }
    }
}

/// Checks text bound for the user against the stage's "never show" list
/// (Docs/push-format.md, What comes out): ciphertext, raw keys, UUIDs, leftover `%@`.
///
/// Heuristics, tuned to avoid false alarms on ordinary prose:
/// - specifiers: as `LeftoverSpecifiers` reads them (`%@`, `%1$@`, `%d items`, `%#@files@`;
///   not "50% off", "100%fun" or `%%`), the same reading `herald validate` predicts with.
/// - base64: a run of ≥ 24 characters of the base64 alphabet (with `=` padding)
///   mixing upper case, lower case and digits.
/// - hex: a run of ≥ 32 hex digits.
public enum OutputGuard {
    /// What in `text` must not be shown: emptiness, an unfilled specifier, a UUID, runs that look like ciphertext or a key, any of `knownSecrets`.
    public static func problems(in text: String, knownSecrets: [String] = []) -> [OutputProblem] {
        var out: [OutputProblem] = []
        if AlertText.isBlank(text) { out.append(.empty) }
        let scalars = Array(text.unicodeScalars)
        out += LeftoverSpecifiers.all(in: text).map { .leftoverSpecifier($0) }
        out += runs(scalars)
        for s in knownSecrets where s.count >= 8 && mayContain(text, s) && text.contains(s) {
            out.append(.knownSecret)
            break
        }
        return out
    }

    /// False when `text` plainly cannot contain `secret`: an ASCII secret that is not in
    /// `text`'s UTF-8 bytes (an ASCII character is canonically equivalent only to itself, so
    /// a match by characters is also a match by bytes). Spares the generic substring search
    /// (its first use costs ~4M instructions of a push's start); anything else goes to it.
    static func mayContain(_ text: String, _ secret: String) -> Bool {
        var text = text
        var secret = secret
        return secret.withUTF8 { needle in
            guard needle.allSatisfy({ $0 < 0x80 }) else { return true }
            return text.withUTF8 { hay in
                guard needle.count <= hay.count, let first = needle.first else { return needle.isEmpty }
                var i = 0
                let last = hay.count - needle.count
                while i <= last {
                    if hay[i] == first {
                        var k = 1
                        while k < needle.count, hay[i + k] == needle[k] { k += 1 }
                        if k == needle.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether `text` is safe to show.
    public static func isClean(_ text: String, knownSecrets: [String] = []) -> Bool {
        problems(in: text, knownSecrets: knownSecrets).isEmpty
    }

    static func isDigit(_ u: Unicode.Scalar) -> Bool { u.value >= 0x30 && u.value <= 0x39 }
    static func isUpper(_ u: Unicode.Scalar) -> Bool { u.value >= 0x41 && u.value <= 0x5A }
    static func isLower(_ u: Unicode.Scalar) -> Bool { u.value >= 0x61 && u.value <= 0x7A }
    static func isASCIILetter(_ u: Unicode.Scalar) -> Bool { isUpper(u) || isLower(u) }
    static func isHex(_ u: Unicode.Scalar) -> Bool {
        isDigit(u) || (u.value >= 0x41 && u.value <= 0x46) || (u.value >= 0x61 && u.value <= 0x66)
    }

    static func runs(_ s: [Unicode.Scalar]) -> [OutputProblem] {
        var out: [OutputProblem] = []
        // UUIDs: 8-4-4-4-12 hex.
        let groups = [8, 4, 4, 4, 12]
        var i = 0
        while i < s.count {
            if i > 0, isHex(s[i - 1]) || s[i - 1] == "-" { i += 1; continue }
            var j = i
            var ok = true
            for (g, n) in groups.enumerated() {
                for _ in 0..<n {
                    guard j < s.count, isHex(s[j]) else { ok = false; break }
                    j += 1
                }
                if !ok { break }
                if g < 4 {
                    guard j < s.count, s[j] == "-" else { ok = false; break }
                    j += 1
                }
            }
            if ok, j == s.count || !isHex(s[j]) {
                out.append(.uuid(String(String.UnicodeScalarView(s[i..<j]))))
                i = j
            } else {
                i += 1
            }
        }
        // Base64 and hex runs.
        func isB64(_ u: Unicode.Scalar) -> Bool { isASCIILetter(u) || isDigit(u) || u == "+" || u == "/" || u == "=" || u == "-" || u == "_" }
        i = 0
        while i < s.count {
            guard isB64(s[i]) else { i += 1; continue }
            var j = i
            while j < s.count, isB64(s[j]) { j += 1 }
            let run = s[i..<j]
            let text = String(String.UnicodeScalarView(run))
            let hexRun = run.filter(isHex).count == run.count
            if hexRun, run.count >= 32 {
                out.append(.hexLike(text))
            } else if run.count >= 24, run.contains(where: isUpper), run.contains(where: isLower), run.contains(where: isDigit),
                !out.contains(where: { if case .uuid(let u) = $0 { return text.contains(u) } else { return false } })
            {
                out.append(.base64Like(text))
            }
            i = j
        }
        return out
    }
}

/// A problem found in one field of an alert.
public struct AlertFieldProblem: Sendable, Equatable, CustomStringConvertible {
    /// "title", "subtitle" or "body".
    public let field: String
    /// What was found.
    public let problem: OutputProblem

    /// `alert <field>: <problem>`.
    public var description: String { "alert \(field): \(problem)" }
}

extension OutputGuard {
    /// Checks each field of a rendered alert (absent fields are fine; an alert
    /// with no text at all is reported once, as an empty body).
    public static func problems(in alert: RenderedAlert, knownSecrets: [String] = []) -> [AlertFieldProblem] {
        guard alert.hasText else { return [AlertFieldProblem(field: "body", problem: .empty)] }
        var out: [AlertFieldProblem] = []
        for (name, text) in [("title", alert.title), ("subtitle", alert.subtitle), ("body", alert.body)] {
            guard let text, !AlertText.isBlank(text) else { continue }
            for p in problems(in: text, knownSecrets: knownSecrets) { out.append(AlertFieldProblem(field: name, problem: p)) }
        }
        return out
    }
}
