import Foundation
import HeraldRender
import HeraldTables

// What the parity rules compare between a source text and its translation: the text
// outside specifiers (`literal`), how it ends, its numbers, addresses, markup and brackets.
// Each is computed on demand, in one pass over the text.

extension LintRun.EntryContext {
    /// The (source, translation) text pairs the parity rules compare: a plain text with a
    /// plain source, or each plural form with the source's form of the same variable and
    /// category. Empty when the source is not to be translated or there is no source.
    var parityPairs: [(source: SourceText, translation: SourceText)] {
        guard translatable, let src = source else { return [] }
        switch (src.message, entry.message) {
        case (.plain(let s), .plain(let t)):
            return s.value.isEmpty || t.value.isEmpty ? [] : [(s, t)]
        case (.plural(let sf, let sv), .plural(let tf, let tv)):
            var out: [(SourceText, SourceText)] = []
            if !sf.value.isEmpty, !tf.value.isEmpty { out.append((sf, tf)) }
            for name in tv.keys.sorted() {
                guard let t = tv[name], let s = sv[name], let so = s.forms[.other] else { continue }
                // The 'other' forms say the same in both; 'one' may legitimately differ in wording.
                if let to = t.forms[.other], !so.value.isEmpty, !to.value.isEmpty { out.append((so, to)) }
            }
            return out
        default:
            return []
        }
    }
}

/// Pieces of a text the parity rules look at.
enum TextParity {
    /// The text with each specifier replaced by U+FFFC (so "%@." still ends in a stop).
    static func literal(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        var out = ""
        for seg in FormatStringParser.parse(s, substitutionArgument: true).segments {
            switch seg {
            case .literal(let l), .invalid(let l): out += l
            case .specifier: out += "\u{FFFC}"
            }
        }
        return out
    }

    /// How a text ends.
    enum Ending: String {
        case stop = "a full stop", question = "a question mark", exclamation = "an exclamation mark"
        case colon = "a colon", ellipsis = "an ellipsis", none = "no punctuation"
    }

    /// Closing quotes and brackets looked through at the end ("Say “hi.”").
    static let closers: Set<Character> = ["\"", "'", "”", "’", "»", "«", "」", "』", ")", "）", "]", "〕", "›", "‹", "*", "_"]

    /// The ending of `text`'s last sentence, each script's marks read as their kind
    /// (`。` a stop, `؟` a question mark, Greek `;` a question mark in `language` el).
    static func ending(_ text: String, language: String) -> Ending {
        var chars = Substring(text)
        while let c = chars.last, c.isWhitespace || closers.contains(c) { chars.removeLast() }
        if chars.hasSuffix("...") || chars.hasSuffix("…") || chars.hasSuffix("⋯") || chars.hasSuffix("‥") { return .ellipsis }
        guard let c = chars.last else { return .none }
        // U+037E GREEK QUESTION MARK is canonically ';' (they compare equal as characters).
        if c.unicodeScalars.first?.value == 0x037E || (c == ";" && language == "el") { return .question }
        switch c {
        case ".", "。", "｡", "．", "।", "॥", "۔", "።", "။", "៕", "෴": return .stop
        case "?", "？", "؟", "፧", "⸮": return .question
        case "!", "！", "߹": return .exclamation
        case ":", "：", "፥": return .colon
        default: return .none
        }
    }

    /// Leading and trailing whitespace (spaces, tabs, line breaks) as written.
    static func edges(_ text: String) -> (leading: Substring, trailing: Substring) {
        let lead = text.prefix { $0.isWhitespace }
        let trail = text.count == lead.count ? Substring("") : text.reversed().prefix { $0.isWhitespace }.reversed().map(String.init).joined()[...]
        return (lead, trail)
    }

    /// The numbers written in the text (runs of digits of any script, read as ASCII digits;
    /// "1,000" and "1.000" both read 1000), specifiers left out.
    static func numbers(_ text: String) -> [String] {
        var out: [String] = []
        var run = ""
        var pendingSeparator = false
        for c in literal(text) {
            if let v = c.wholeNumberValue, c.isNumber, !c.isLetter, v < 10, c.unicodeScalars.count == 1,
                c.unicodeScalars.first!.properties.numericType == .decimal
            {
                run += String(v)
                pendingSeparator = false
            } else if !run.isEmpty, !pendingSeparator, c == "," || c == "." || c == "\u{00A0}" || c == "\u{202F}" || c == "'" || c == "٬" || c == "٫" {
                pendingSeparator = true
            } else {
                if !run.isEmpty { out.append(run) }
                run = ""
                pendingSeparator = false
            }
        }
        if !run.isEmpty { out.append(run) }
        return out
    }

    /// URLs (`scheme://host…`) and e-mail addresses in the text, trailing sentence punctuation
    /// and letters of another script glued to them (Korean particles) cut.
    static func addresses(_ text: String) -> [String] {
        var out: [String] = []
        for token in text.split(whereSeparator: { $0.isWhitespace || "()<>\"[]".contains($0) }) {
            var t = Substring(token)
            if t.contains("://") {
                // The URL is ASCII: cut at the first character outside it.
                if let end = t.firstIndex(where: { !$0.isASCII }) { t = t[..<end] }
            }
            while let c = t.last, ".,;:!?'’”»。、）".contains(c) { t.removeLast() }
            let scheme = t.range(of: "://").map { t[..<$0.lowerBound] }
            let isURL = scheme.map { s in !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isLetter } && t.count > s.count + 3 } ?? false
            let at = t.firstIndex(of: "@")
            let isMail = !isURL && at.map { i in
                i > t.startIndex && t[t.index(after: i)...].contains(".") && !t.hasPrefix("%")
                    && t.allSatisfy { $0.isLetter || $0.isNumber || ".-_+@".contains($0) }
            } ?? false
            if isURL || isMail { out.append(String(t)) }
        }
        return out
    }

    /// An address as compared: lower case, no scheme, no trailing slash ("duckduckgo.com/windows"
    /// written without https:// is the same link).
    static func normalized(_ address: String) -> String {
        var s = Substring(address.lowercased())
        if let r = s.range(of: "://") { s = s[r.upperBound...] }
        while s.hasSuffix("/") { s.removeLast() }
        return String(s)
    }

    /// The Markdown a `String(localized:)` AttributedString reads, counted by kind: links
    /// (with their URLs), `**` and `__` runs, inline code, `^[…](…)` attributes.
    static func markdown(_ text: String) -> [String] {
        var out: [String] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "*" || c == "_", i + 1 < chars.count, chars[i + 1] == c {
                out.append(String([c, c]))
                i += 2
                continue
            }
            if c == "`" { out.append("`") }
            if c == "]", i + 1 < chars.count, chars[i + 1] == "(" {
                var j = i + 2
                var target = ""
                while j < chars.count, chars[j] != ")", j - i < 2048 {
                    target.append(chars[j])
                    j += 1
                }
                if j < chars.count {
                    // A target's own spaces around it are allowed (`[a]( url )`); an empty one is no link.
                    let trimmed = target.trimmingCharacters(in: .whitespaces)
                    out.append(trimmed.isEmpty ? "]()" : "](…)")
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
        return out.sorted()
    }

    /// Every bracket `brackets` counts.
    static let bracketScalars: Set<Unicode.Scalar> = ["(", ")", "[", "]", "{", "}", "（", "）", "﴾", "﴿", "［", "］", "【", "】", "〔", "〕", "｛", "｝"]

    /// Brackets, each full-width or script form read as its ASCII pair, counted.
    static func brackets(_ text: String) -> [Character: Int] {
        var n: [Character: Int] = [:]
        for c in literal(text) {
            switch c {
            case "(", "（", "﴾": n["(", default: 0] += 1
            case ")", "）", "﴿": n[")", default: 0] += 1
            case "[", "［", "【", "〔": n["[", default: 0] += 1
            case "]", "］", "】", "〕": n["]", default: 0] += 1
            case "{", "｛": n["{", default: 0] += 1
            case "}", "｝": n["}", default: 0] += 1
            default: break
            }
        }
        return n
    }
}
