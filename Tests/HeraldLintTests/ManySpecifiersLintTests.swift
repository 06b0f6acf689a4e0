import Foundation
import HeraldICU
import HeraldTables
import Testing

@testable import HeraldLint

/// A plural form of thousands of `%@` (issue 31 item 14: 1 MB of them took 336 MB to validate):
/// what the linter keeps per argument is a few bytes, the distinct readings once each, and the
/// report is one line, not one per specifier. Counted, not timed.
@Suite struct ManySpecifiersLintTests {
    static let origin = Origin(file: "en.lproj/Localizable.stringsdict", line: 1, column: 1)
    static let count = 20_000

    static func message(_ form: String) -> Message {
        let n = PluralVariable(
            name: "n", valueType: "d", argNum: nil, specType: "NSStringPluralRuleType",
            forms: [.one: SourceText("%@", origin: origin), .other: SourceText(form, origin: origin)], origin: origin)
        return .plural(format: SourceText("%#@n@", origin: origin), variables: ["n": n])
    }

    @Test func eachDistinctReadingIsKeptOnce() {
        let a = MessageArguments.analyze(Self.message(String(repeating: "%@", count: Self.count)), substitutions: false)
        #expect(a.argumentCount == Self.count)
        // `%#@n@` (argument 1 as a number) and `%@`: two readings, however many arguments.
        #expect(a.uses.distinctUses.count == 2)
        // Argument 1: `%#@n@`, the `one` form's `%@` and the `other` form's first `%@`.
        #expect(a.uses[0]?.map(\.text) == ["%#@n@", "%@", "%@"])
        #expect(a.uses[Self.count - 1]?.map(\.text) == ["%@"])
        #expect(a.uses[Self.count] == nil)
        #expect(a.uses.map(\.key) == Array(0..<Self.count))
        #expect(a.signature.count == Self.count)
    }

    @Test func validatingTheFormSaysNothingPerSpecifier() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("herald-many-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%@</string>\
            <key>other</key><string>\(String(repeating: "%@", count: Self.count))</string></dict></dict></dict></plist>
            """
        try plist.write(to: dir.appendingPathComponent("en.lproj/Localizable.stringsdict"), atomically: true, encoding: .utf8)
        let report = try Linter().run(paths: [dir.path])
        #expect(report.diagnostics.count <= 1, "\(report.diagnostics.prefix(3))")
    }
}
