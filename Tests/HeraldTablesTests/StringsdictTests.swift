import Foundation
import HeraldICU
import HeraldTableFormats
import HeraldTables
import Testing

/// `.stringsdict` files must read to the same structure Foundation reads.
@Suite struct StringsdictTests {
    static let good = Fixtures.files("stringsdict", ext: "stringsdict")
    static let bad = Fixtures.files("stringsdict/bad", ext: "stringsdict")

    /// Our Message written back in the shape of the property list.
    static func shape(_ m: Message) -> Any {
        switch m {
        case .plain(let t): return t.value
        case .plural(let format, let vars):
            var d: [String: Any] = ["NSStringLocalizedFormatKey": format.value]
            for (name, v) in vars {
                var vd: [String: Any] = [:]
                if let s = v.specType { vd["NSStringFormatSpecTypeKey"] = s }
                if let t = v.valueType { vd["NSStringFormatValueTypeKey"] = t }
                for (c, t) in v.forms { vd[c.rawValue] = t.value }
                d[name] = vd
            }
            return d
        case .widths(let ws):
            var d: [String: Any] = [:]
            for w in ws { d[String(w.width)] = shape(w.message) }
            return ["NSStringVariableWidthRuleType": d]
        case .devices(let ds):
            return ["NSStringDeviceSpecificRuleType": ds.mapValues { shape($0) }]
        case .phrases(let ps):
            return ps.map(\.value)
        }
    }

    func expectSameAsPlutil(_ path: String) async throws {
        let ours = StringsdictReader.read(bytes: Fixtures.bytes(path), file: path)
        #expect(!ours.droppedOnDevice, "\(ours.diagnostics)")
        let theirs = try #require(try await Plutil.read(path))
        var mine: [String: Any] = [:]
        for e in ours.entries { mine[e.key] = Self.shape(e.message) }
        #expect(NSDictionary(dictionary: mine).isEqual(to: theirs), "\(path)")
    }

    @Test(arguments: good)
    func xmlReadsLikeFoundation(_ file: String) async throws {
        try await expectSameAsPlutil(file)
    }

    @Test(arguments: good)
    func binaryReadsLikeFoundation(_ file: String) async throws {
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/b.stringsdict"
        #expect(try await Plutil.convert(file, to: "binary1", output: path))
        try await expectSameAsPlutil(path)
        #expect(StringsdictReader.read(bytes: Fixtures.bytes(path), file: "b").encoding == .binaryPlist)
    }

    @Test(arguments: good)
    func utf16WithBOMReadsLikeFoundation(_ file: String) async throws {
        let text = try #require(String(bytes: Fixtures.bytes(file), encoding: .utf8))
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/u.stringsdict"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFE, 0xFF] + [UInt8](text.data(using: .utf16BigEndian)!))))
        try await expectSameAsPlutil(path)
    }

    @Test(arguments: bad)
    func rejectedFilesAreDroppedWithAPosition(_ file: String) async throws {
        #expect(try await Plutil.read(file) == nil, "plutil accepts \(file)")
        let r = StringsdictReader.read(bytes: Fixtures.bytes(file), file: "x.stringsdict")
        #expect(r.droppedOnDevice)
        let d = try #require(r.diagnostics.first)
        #expect(d.dropsFile && (d.origin?.line ?? 0) >= 1)
    }

    /// Positions and the model, checked by hand against the fixture's lines.
    @Test func modelAndPositions() throws {
        let r = StringsdictReader.read(bytes: Fixtures.bytes(Fixtures.path("stringsdict/Localizable.stringsdict")), file: "en.lproj/Localizable.stringsdict")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.entries.map(\.key) == [
            "%d home(s) found", "%@ has %ld files in %ld folders", "Welcome", "Tap to continue", "Escapes & entities",
        ])
        let homes = try #require(r.entries.first)
        #expect(homes.origin == Origin(file: "en.lproj/Localizable.stringsdict", line: 5, column: 2))
        guard case .plural(let format, let vars) = homes.message else { Issue.record("not plural"); return }
        #expect(format.value == "%#@homes@")
        #expect(format.origin.line == 8 && format.origin.column == 3)
        let v = try #require(vars["homes"])
        #expect(v.valueType == "d" && v.specType == "NSStringPluralRuleType" && v.argNum == nil)
        #expect(Set(v.forms.keys) == Set(PluralCategory.allCases))
        #expect(v.forms[.zero]?.value == "No homes found")
        #expect(v.forms[.other]?.origin.line == 26)
        #expect(v.origin.line == 9)

        guard case .plural(let f2, let vars2) = r.entries[1].message else { Issue.record("not plural"); return }
        #expect(FormatVariables.references(in: f2.value).map { "\($0.name)@\($0.position ?? 0)" } == ["files@2", "folders@3"])
        #expect(vars2["files"]?.forms[.one]?.value == "%2$ld file")

        guard case .widths(let ws) = r.entries[2].message else { Issue.record("not widths"); return }
        #expect(ws.map(\.width) == [1, 22, 53])

        guard case .devices(let ds) = r.entries[3].message else { Issue.record("not devices"); return }
        #expect(Set(ds.keys) == ["iphone", "mac", "appletv", "other"])
        guard case .plural(_, let nested)? = ds["other"] else { Issue.record("nested plural"); return }
        #expect(nested["items"]?.valueType == "lld")
        guard case .plural(let f5, _) = r.entries[4].message else { Issue.record("not plural"); return }
        #expect(f5.value == "<b>%#@n@</b> é😀 <raw>&amp;")
    }

    @Test func structureProblemsAreReported() {
        let xml = """
            <plist version="1.0"><dict>
            <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@missing@ %#@n@</string>
            <key>n</key><dict><key>NSStringFormatValueTypeKey</key><string>d</string><key>eins</key><string>x</string><key>other</key><string>y</string></dict>
            </dict>
            <key>no-format</key><dict><key>x</key><string>y</string></dict>
            <key>number</key><integer>3</integer>
            </dict></plist>
            """
        let r = StringsdictReader.read(bytes: Array(xml.utf8), file: "f")
        #expect(!r.droppedOnDevice)
        let messages = r.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("%#@missing@") })
        #expect(messages.contains { $0.contains("\"eins\"") })
        #expect(messages.contains { $0.contains("no NSStringLocalizedFormatKey") })
        #expect(messages.contains { $0.contains("is an integer") })
        #expect(r.diagnostics.allSatisfy { $0.rule.rawValue == "structure" && ($0.origin?.line ?? 0) >= 1 })
        #expect(r.entries.map(\.key) == ["k"])
    }
}
