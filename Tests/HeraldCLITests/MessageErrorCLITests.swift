import Foundation
import Testing

/// Issue 30's wording defects of `herald format` and `herald render`, as subprocesses.
@Suite struct MessageErrorCLITests {
    static func tables() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-wording-\(UUID().uuidString)")
        let en = root.appendingPathComponent("en.lproj")
        let de = root.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: de, withIntermediateDirectories: true)
        try """
            "mixed" = "%1$@ and %@";
            "from" = "From %@";
            """.write(to: en.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try "\"from\" = \"Von % @\";\n".write(to: de.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>items</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d item</string><key>other</key><string>%d items</string>
                </dict>
              </dict>
            </dict></plist>
            """.write(to: en.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        return root
    }

    /// An error in the message (mixed-positional) fails like a mismatch: exit 2, no text.
    @Test func messageErrorFailsFormat() async throws {
        let root = try Self.tables()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "mixed", "--locale", "en", "--arg", "x"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.contains("[mixed-positional]"))
        let lenient = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "mixed", "--locale", "en", "--arg", "x", "--lenient"])
        #expect(lenient.status == 2)
        #expect(lenient.stdout == "x and x\n")
    }

    /// `--arg 1.5` for a plural variable and its `%d`: fraction-dropped said once.
    @Test func fractionDroppedOnce() async throws {
        let root = try Self.tables()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--key", "items", "--locale", "en", "--arg", "1.5"])
        #expect(r.status == 0)
        #expect(r.stderr.components(separatedBy: "fraction-dropped").count == 2, "\(r.stderr)")
    }

    /// A render warning names its severity once: `herald: warning: Localizable/from: … [rule]`.
    @Test func renderWarningSaysWarningOnce() async throws {
        let root = try Self.tables()
        defer { try? FileManager.default.removeItem(at: root) }
        let payload = root.appendingPathComponent("push.json")
        try #"{"aps":{"mutable-content":1,"alert":{"loc-key":"from","loc-args":["example.com"]}}}"#
            .write(to: payload, atomically: true, encoding: .utf8)
        let r = try await HeraldBinary.run(["render", "--tables", root.path, "--payload", payload.path, "--locale", "de"])
        #expect(r.stdout.contains("Von"))
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("accidental-specifier") }
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.allSatisfy { $0.components(separatedBy: "warning:").count == 2 }, "\(r.stderr)")
    }
}
