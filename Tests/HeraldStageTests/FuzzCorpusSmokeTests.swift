import Foundation
import HeraldBuiltinTables
import HeraldICU
import HeraldJSON
import HeraldPayload
import HeraldRender
import HeraldSealing
import HeraldStage
import HeraldTables
import Testing

/// Every seed of every fuzz corpus (Tools/fuzz/corpus) through the same code
/// the libFuzzer harness drives, in the ordinary test build: the CI smoke of
/// the fuzzers (a libFuzzer build of the dependencies takes 15–25 minutes on
/// 2 cores; Tools/fuzz/smoke.sh runs the real harnesses where that is cached).
@Suite struct FuzzCorpusSmokeTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/fuzz/corpus")

    static func seeds(_ harness: String) throws -> [(name: String, bytes: [UInt8])] {
        let dir = corpus.appendingPathComponent(harness)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    static let locales = [LocaleID(unchecked: "en"), LocaleID(unchecked: "ar"), LocaleID(unchecked: "ru")]
    static let arguments: [RenderArgument] = [
        .number(.decimal("1.50")), .number(.int(-3)), .string("x\u{202E}y\u{0}z"), .number(.double(1e300)),
    ]

    static func renderSome(_ entries: some Sequence<Entry>) {
        for entry in entries.prefix(4) {
            #expect(entry.origin.line >= 1 && entry.origin.column >= 1)
            for locale in locales {
                let r = Renderer.renderUncached(message: entry.message, locale: locale, arguments: arguments)
                #expect(r.text.utf8.count < 1 << 24)
            }
        }
    }

    @Test func tableReaders() throws {
        let all = try Self.seeds("fuzz-strings") + Self.seeds("fuzz-stringsdict")
        #expect(all.count >= 10)
        for (_, bytes) in try Self.seeds("fuzz-strings") {
            let r = StringsReader.read(bytes: bytes, file: "fuzz.lproj/Localizable.strings")
            #expect(r.diagnostics.allSatisfy { !$0.message.isEmpty })
            Self.renderSome(r.entries)
        }
        for (_, bytes) in try Self.seeds("fuzz-stringsdict") {
            let r = StringsdictReader.read(bytes: bytes, file: "fuzz.lproj/Localizable.stringsdict")
            #expect(r.diagnostics.allSatisfy { !$0.message.isEmpty })
            Self.renderSome(r.entries)
        }
        for (name, bytes) in try Self.seeds("fuzz-xcstrings") {
            // Either a catalog or a positioned error; never a crash.
            _ = name
            _ = XCStringsReader.read(bytes: bytes, file: "Fuzz.xcstrings")
        }
    }

    @Test func formatAndICUMessages() throws {
        for (_, bytes) in try Self.seeds("fuzz-format") {
            let text = String(decoding: bytes, as: UTF8.self)
            let parsed = FormatStringParser.parse(text)
            #expect(parsed.problems.allSatisfy { !$0.message.isEmpty })
            Self.renderSome([
                Entry(key: "k", message: .plain(SourceText(text, origin: Origin(file: "f", line: 1, column: 1))),
                      format: .strings, origin: Origin(file: "f", line: 1, column: 1))
            ])
        }
        for (_, bytes) in try Self.seeds("fuzz-icu-message") {
            let text = String(decoding: bytes, as: UTF8.self)
            let message = Message.plain(SourceText(text, origin: Origin(file: "fuzz.icu", line: 1, column: 1)))
            for locale in Self.locales {
                let r = Renderer.renderUncached(message: message, locale: locale, arguments: Self.arguments, icu: true)
                #expect(r.text.utf8.count < 1 << 24)
            }
        }
    }

    @Test func payloadsAndEnvelopes() throws {
        for (_, bytes) in try Self.seeds("fuzz-payload") {
            guard let payload = try? APNsPayload.parse(bytes: bytes), let alert = payload.aps.alert else { continue }
            if let final = try? PayloadWriter.finalPayload(from: payload, alert: RenderedAlert(literal: alert), badge: nil)
            {
                #expect(final.byteCount <= 4096)
                #expect(final.object["herald"] == nil)
            }
        }
        for (_, bytes) in try Self.seeds("fuzz-envelope") {
            guard let value = try? JSONParser.parse(bytes: bytes) else { continue }
            do {
                if let herald = value.objectValue?["herald"]?.objectValue {
                    _ = try PayloadSealing.open(herald: herald, keys: InMemoryKeys([:]))
                } else {
                    _ = try Sealing.open(envelope: value, keys: InMemoryKeys([:]))
                }
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func wholeStageKeepsItsGuarantees() async throws {
        var contents: [String: [UInt8]] = [:]
        for (path, text) in EmbeddedLocalizations.files { contents[path] = Array(text.utf8) }
        let stage = Stage(configuration: StageConfiguration(catalog: Catalog(contents: contents)))
        for (name, bytes) in try Self.seeds("fuzz-stage") {
            guard let pushed = try? APNsPayload.parse(bytes: bytes) else { continue }
            let outcome = try await stage.process(bytes, locale: LocaleID(unchecked: "ar"))
            #expect(outcome.payload["herald"] == nil, "\(name)")
            #expect(outcome.payload["custom-encrypted-message"] == nil, "\(name)")
            guard pushed.eligibility.isEligible else { continue }
            #expect(outcome.bytes <= 4096, "\(name)")
            let final = try APNsPayload(json: try JSONParser.parse(outcome.json))
            let alert = final.aps.alert
            let text = [alert?.title, alert?.subtitle, alert?.body].compactMap { $0 }.joined()
            #expect(!text.isEmpty, "\(name)")
        }
    }
}
