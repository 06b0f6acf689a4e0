import Foundation
import HeraldICU
import HeraldLottery
import HeraldStage
import HeraldStore
import HeraldTestSupport
import Testing

/// A lottery push's drawn numbers and prize tier are written in the same digits as the amounts
/// beside them. Golden digits: CLDR 42's defaultNumberingSystem (ar → arab U+0660…,
/// fa → arabext U+06F0…, bn → beng U+09E6…), Latin for `-u-nu-latn`.
@Suite struct SentenceDigitsStageTests {
    static func digits(_ base: UInt32, _ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            s.value >= 0x30 && s.value <= 0x39 ? Unicode.Scalar(base + s.value - 0x30)! : s
        }))
    }

    static let push =
        #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9]}}"#

    static func hasASCIIDigit(_ text: String?) -> Bool { text?.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    @Test(arguments: [("ar", UInt32(0x660)), ("fa", UInt32(0x6F0)), ("bn", UInt32(0x9E6))])
    func drawnNumbersInNativeDigits(_ id: String, _ base: UInt32) async throws {
        let o = try await StageTests.stage().process(StageTests.payload(Self.push), locale: try LocaleID(id))
        let alert = StageTests.alert(o)
        let body = try #require(alert.body)
        #expect(body.contains(Self.digits(base, "4 11 23 45 61 + 9")), "\(body)")
        #expect(!Self.hasASCIIDigit(alert.title) && !Self.hasASCIIDigit(body), "\(alert)")
    }

    @Test func latinWhenTheLocaleAsksForIt() async throws {
        let o = try await StageTests.stage().process(StageTests.payload(Self.push), locale: try LocaleID("ar-u-nu-latn"))
        let body = try #require(StageTests.alert(o).body)
        #expect(body.contains("4 11 23 45 61 + 9"), "\(body)")
        #expect(!body.unicodeScalars.contains { $0.value >= 0x660 && $0.value <= 0x669 })
    }

    /// Ticket 4 11 23 45 1 + 9 against 4 11 23 45 61 + 9: tier 4+1 (lotteries.md, Powerball).
    @Test(arguments: [("ar", UInt32(0x660)), ("fa", UInt32(0x6F0)), ("bn", UInt32(0x9E6))])
    func prizeTierInNativeDigits(_ id: String, _ base: UInt32) async throws {
        let folder = try TemporaryFolder("herald-stage", create: false)
        let store = try Store.open(directory: folder.path)
        try store.addTicket(
            Ticket(game: "powerball", draw: DrawDate("2026-11-18"), numbers: [4, 11, 23, 45, 1], bonus: [9]))
        let o = try await StageTests.stage(store: .open(store)).process(StageTests.payload(Self.push), locale: try LocaleID(id))
        let alert = StageTests.alert(o)
        let subtitle = try #require(alert.subtitle)
        #expect(subtitle.contains(Self.digits(base, "4 + 1")), "\(subtitle)")
        #expect(!Self.hasASCIIDigit(subtitle) && !Self.hasASCIIDigit(alert.body), "\(alert)")
    }
}
