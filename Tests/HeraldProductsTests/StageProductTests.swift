import Foundation
import HeraldStage
import Testing

// This file imports HeraldStage and nothing else of Herald's: what an app that depends on
// the HeraldStage product writes. It compiles only while HeraldStage re-exports the types
// its API is made of (Catalog, LocaleID, Store, Ticket, DrawDate, SealingAlgorithm).

@Suite struct StageProductTests {
    static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path

    /// The same push as text, as `Data` and as bytes renders the same payload. The German
    /// title is the one written in Localizations/de.lproj/Localizable.strings (checked here).
    @Test func processTakesTextDataAndBytesAlike() async throws {
        let strings = try String(contentsOfFile: Self.tables + "/de.lproj/Localizable.strings", encoding: .utf8)
        #expect(strings.contains(#""reminder.title" = "Erinnerung";"#))
        let stage = Stage(configuration: StageConfiguration(catalog: try Catalog(root: Self.tables), sealingAlgorithms: [.hpke, .aesGCM]))
        let push = #"{"aps":{"alert":{"loc-key":"reminder.title"},"mutable-content":1}}"#
        let locale = try LocaleID("de")
        let fromText = try await stage.process(push, locale: locale)
        let fromData = try await stage.process(Data(push.utf8), locale: locale)
        let fromBytes = try await stage.process(Array(push.utf8), locale: locale)
        #expect(fromText.json == #"{"aps":{"alert":{"body":"Erinnerung"},"mutable-content":1}}"#)
        #expect(fromData.json == fromText.json && fromBytes.json == fromText.json)
        #expect(fromText.servedBy == "de" && !fromText.fallback)
    }

    /// Text that is not a push is a thrown StageInputError, with the JSON position.
    @Test func textThatIsNotAPushThrows() async throws {
        let stage = Stage(configuration: StageConfiguration(catalog: try Catalog(root: Self.tables)))
        await #expect(throws: StageInputError.self) { try await stage.process("{", locale: .english) }
        await #expect(throws: StageInputError.self) { try await stage.process(Data("[]".utf8), locale: .english) }
    }

    /// The store's types come with the stage: a ticket stored for a draw.
    @Test func storeTypesComeWithTheStage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-product-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Store.open(directory: folder)
        let draw = try DrawDate("2026-11-18")
        #expect(draw.year == 2026 && draw.month == 11 && draw.day == 18)
        #expect(try store.tickets().isEmpty)
    }
}
