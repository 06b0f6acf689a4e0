import Foundation
import HeraldICU
import HeraldPayload
import HeraldStage
import HeraldStore
import HeraldTestSupport
import Testing

/// Inserted text cannot reorder the sentence around it, in every locale of the real tables.
///
/// The oracle is ICU's implementation of the Unicode Bidirectional Algorithm (ubidi, called
/// through the C shim), not Herald's code: a reminder is rendered once with a hostile title
/// and once with a harmless one ("x"), and the visual order of every character of the
/// sentence outside the title must be the same in both, for a left-to-right, a
/// right-to-left and a first-strong paragraph.
@Suite struct BidiIsolationTests {
    static let hostileTitles = [
        "\u{202E}evil",  // RLO, never closed: reversed the rest of an English sentence
        "\u{202B}x\u{202C}\u{202C}\u{202D}y",  // RLE, extra PDFs, LRO left open
        "\u{2067}abc",  // RLI left open
        "\u{2069}\u{202E}z",  // a stray PDI that would close our isolate, then RLO
        "\u{2066}\u{2069}\u{2069}\u{2069}\u{202E}q",  // more PDIs than isolates
        "שלום עולם",  // Hebrew (R)
        "مرحبا ١٢٣",  // Arabic letters (AL) and Arabic-Indic digits (AN)
        "12,345",  // European digits and a separator next to the sentence's own
        "a\nb\u{202E}c",  // a line break would start a paragraph outside the isolate
        "x\u{2029}\u{202E}y",  // a paragraph separator
        "\u{200F}",  // RLM alone
    ]

    @Test func insertedTextCannotReorderTheSentenceAroundIt() async throws {
        let folder = try TemporaryFolder("herald-stage", create: false)
        let store = try Store.open(directory: folder.path)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let harmlessID = UUID()
        try store.addReminder(Reminder(id: harmlessID, title: "x", due: now.addingTimeInterval(900)))
        var hostileIDs: [(UUID, String)] = []
        for title in Self.hostileTitles {
            let id = UUID()
            try store.addReminder(Reminder(id: id, title: title, due: now.addingTimeInterval(900)))
            hostileIDs.append((id, title))
        }
        let stage = Stage(
            configuration: StageConfiguration(
                catalog: StageTests.catalog, store: .open(store), now: now, deadline: StageTests.noDeadline))
        func body(_ id: UUID, _ locale: LocaleID) async throws -> String {
            let push = #"{"aps":{"alert":{"body":"A reminder is due"},"mutable-content":1},"reminder-uuid":"\#(id.uuidString)"}"#
            let o = try await stage.process(Array(push.utf8), locale: locale)
            #expect(!o.fallback, "\(locale.bcp47)")
            return try #require(o.payload["aps"]?["alert"]?["body"]?.stringValue)
        }
        let locales = StageTests.catalog.localizations.filter { $0.lowercased() != "base" }.compactMap { try? LocaleID($0) }
        #expect(locales.count >= 10)
        for locale in locales {
            let harmless = try await body(harmlessID, locale)
            let harmlessArgument = BidiIsolation.isolate("x")
            for (id, title) in hostileIDs {
                let hostile = try await body(id, locale)
                let argument = BidiIsolation.isolate(title)
                for paragraph in [BidiOrder.Paragraph.leftToRight, .rightToLeft, .firstStrong] {
                    let a = try #require(Self.outsideOrder(harmless, argument: harmlessArgument, paragraph: paragraph))
                    let b = try #require(Self.outsideOrder(hostile, argument: argument, paragraph: paragraph))
                    #expect(
                        a == b,
                        "\(locale.bcp47) \(paragraph) title \(title.unicodeScalars.map { String($0.value, radix: 16) }): \(Array(hostile.unicodeScalars))")
                }
            }
        }
    }

    /// Without isolation the hostile title does reorder the sentence: the check above can fail.
    /// Line breaks inside an inserted one-line value become spaces, U+2028 LINE SEPARATOR
    /// included (it breaks the line though not the paragraph); a whole-body message keeps
    /// its lines, each isolated.
    @Test func lineBreaksInAOneLineValueBecomeSpaces() {
        #expect(BidiIsolation.isolate("a\u{2028}b\nc\u{2029}d") == "\u{2068}a b c d\u{2069}")
        #expect(BidiIsolation.isolate("a\nb", singleLine: false) == "\u{2068}a\u{2069}\n\u{2068}b\u{2069}")
        #expect(BidiIsolation.isolate("a\u{2028}b", singleLine: false) == "\u{2068}a\u{2028}b\u{2069}")
    }

    @Test func theOracleSeesAnUnisolatedOverride() throws {
        let sentence = "Before \u{202E}evil is due soon."
        let plain = "Before x is due soon."
        let a = try #require(Self.outsideOrder(plain, argument: "x", paragraph: .leftToRight))
        let b = try #require(Self.outsideOrder(sentence, argument: "\u{202E}evil", paragraph: .leftToRight))
        #expect(a != b)
    }

    /// The visual order (left to right) of the characters of `text` outside the first
    /// occurrence of `argument`, each named by its index in the text with the argument cut out.
    static func outsideOrder(_ text: String, argument: String, paragraph: BidiOrder.Paragraph) -> [Int]? {
        let units = Array(text.utf16)
        let arg = Array(argument.utf16)
        guard !arg.isEmpty, let start = (0...(units.count - arg.count)).first(where: { Array(units[$0..<$0 + arg.count]) == arg })
        else { return nil }
        let end = start + arg.count
        guard let map = BidiOrder.visualToLogical(text, paragraph: paragraph) else { return nil }
        return map.compactMap { i in
            if i < start { return i }
            if i >= end { return i - arg.count }
            return nil
        }
    }
}
