// `herald validate --pseudo` (Docs/pseudo-locales.md): the source language's
// notification messages pseudo-localized and held to the APNs budget and to
// the HTML preview's lock-screen banner. `pseudo-unchanged` is found by
// rendering the examples (HeraldPreview's `PseudoCoverage`); its id is declared here
// with the others so every validate rule is listed in one place.
public import HeraldDiagnostics
import HeraldPseudo
import HeraldRender
import HeraldTables

extension Diagnostic.Rule {
    public static let pseudoPushPayloadSize = Self("pseudo-push-payload-size")
    public static let pseudoLockScreenLines = Self("pseudo-lock-screen-lines")
    public static let pseudoUnchanged = Self("pseudo-unchanged")
}

extension LintRun {
    /// Each notification message of the source tables, pseudo-localized in each of `locales`,
    /// against the APNs budget and the lock-screen banner.
    mutating func checkPseudo(_ bundle: BundleTables, source: String, locales: [PseudoLocale]) {
        let wanted = LocalizationLookup.normalize(source)
        var tables = bundle.tables.filter { LocalizationLookup.normalize($0.localization) == wanted }
        if tables.isEmpty { tables = bundle.tables.filter { $0.localization.lowercased() == "base" } }
        let envelope = #"{"aps":{"alert":{"body":""}}}"#.utf8.count
        for table in tables where !Renderer.isICUTable(table.name) {
            let notifications = NotificationKeys(table: table.name, configuration: configuration)
            for entry in table.entries {
                let key = entry.key
                guard notifications.contains(key) else { continue }
                let origin = entry.message.texts.first?.origin ?? entry.origin
                let place = Place(origin: origin, locale: source, table: table.name, key: key)
                let title = Self.isTitleKey(key)
                let shown = title ? LockScreenLayout.titleCharacters : LockScreenLayout.bodyCharacters
                for kind in locales {
                    let pseudo = Pseudolocalizer(kind).message(entry.message)
                    let worst = Self.worstCaseBytes(pseudo, argumentBytes: configuration.pushArgumentBytes, depth: 0)
                    let total = worst + envelope + configuration.pushOverheadBytes
                    if total > 4096 {
                        emit(.pseudoPushPayloadSize, place,
                             "\(Excerpt.quoted(key)) in \(kind.tag) can make a \(total)-byte payload (body up to \(worst) bytes with \(configuration.pushArgumentBytes)-byte arguments, plus \(envelope + configuration.pushOverheadBytes) bytes of envelope); APNs rejects payloads over 4096 bytes")
                    }
                    let characters = Self.longestCharacters(pseudo, depth: 0)
                    if characters > shown {
                        emit(.pseudoLockScreenLines, place,
                             "\(Excerpt.quoted(key)) in \(kind.tag) is \(characters) characters with 3-character arguments; the lock-screen banner shows \(title ? "one line" : "\(LockScreenLayout.bodyLines) lines") of \(LockScreenLayout.charactersPerLine) (\(shown) characters)")
                    }
                }
            }
        }
    }

    /// A key shown as a title or subtitle: its last dot-separated part ends in "title".
    static func isTitleKey(_ key: String) -> Bool {
        (key.split(separator: ".").last.map(String.init) ?? key).lowercased().hasSuffix("title")
    }

    /// Characters of the longest text `message` shows, each argument counted as 3,
    /// bidi marks and overrides not counted.
    static func longestCharacters(_ message: Message, depth: Int) -> Int {
        // A `%#@name@` is counted as an argument, then replaced by its form.
        largest(message, depth: depth, reference: sampleCharacters) { text, substitution in characters(text, substitution: substitution) }
    }

    /// What an argument is counted as on screen: a short number or name.
    static let sampleCharacters = 3

    static func characters(_ s: String, substitution: Bool) -> Int {
        var n = 0
        for segment in FormatStringParser.parse(s, substitutionArgument: substitution).segments {
            switch segment {
            case .literal(let text), .invalid(let text): n += text.filter { !isBidiMark($0) }.count
            case .specifier: n += sampleCharacters
            }
        }
        return n
    }

    static func isBidiMark(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { isBidiControl($0) }
    }
}
