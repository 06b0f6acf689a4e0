import Foundation
import HeraldTableFormats
import HeraldTables
import Testing

/// Every fixture, in every encoding and plist form, must read to exactly
/// what Foundation's reader (plutil) reads; files it rejects must be reported
/// as dropped on device.
@Suite struct StringsOracleTests {
    static let good = Fixtures.files("strings/good", ext: "strings")
    static let bad = Fixtures.files("strings/bad", ext: "strings")

    /// Compares our reading of `file` with plutil's. Non-string values (which
    /// a .strings table cannot serve as text) are left out of plutil's side.
    func expectSameAsPlutil(_ file: String, shownAs name: String) async throws {
        let ours = StringsReader.read(bytes: Fixtures.bytes(file), file: name)
        guard let theirs = try await Plutil.read(file) else {
            Issue.record("plutil rejects \(name)")
            return
        }
        let theirStrings = theirs.compactMapValues { $0 as? String }
        #expect(!ours.droppedOnDevice, "\(name): \(ours.diagnostics)")
        #expect(ours.plainValues == theirStrings, "\(name)")
        let nonStrings = theirs.count - theirStrings.count
        #expect(ours.diagnostics.filter { $0.rule.rawValue == "structure" }.count == nonStrings, "\(name)")
    }

    @Test(arguments: good)
    func textFilesReadLikeFoundation(_ file: String) async throws {
        let name = (file as NSString).lastPathComponent
        if Fixtures.bytes(file).isEmpty {
            // POLICY (spec §1.1): Foundation refuses zero-length data; an empty
            // .strings file is an empty table for Herald.
            #expect(try await Plutil.read(file) == nil)
            let r = StringsReader.read(bytes: [], file: name)
            #expect(r.entries.isEmpty && r.diagnostics.isEmpty && !r.droppedOnDevice)
            return
        }
        try await expectSameAsPlutil(file, shownAs: name)
    }

    /// The same text in UTF-8 with BOM, UTF-16 LE/BE with and without BOM and
    /// UTF-32 LE/BE with BOM.
    @Test(arguments: good)
    func everyEncodingReadsLikeFoundation(_ file: String) async throws {
        let data = Fixtures.bytes(file)
        guard !data.isEmpty, let text = String(bytes: data, encoding: .utf8) else { return }
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let startsASCII = text.unicodeScalars.first.map { $0.isASCII } ?? false
        let variants: [(String, [UInt8])] = [
            ("utf8-bom", [0xEF, 0xBB, 0xBF] + data),
            ("utf16le-bom", [0xFF, 0xFE] + [UInt8](text.data(using: .utf16LittleEndian)!)),
            ("utf16be-bom", [0xFE, 0xFF] + [UInt8](text.data(using: .utf16BigEndian)!)),
            ("utf32le-bom", [0xFF, 0xFE, 0, 0] + [UInt8](text.data(using: .utf32LittleEndian)!)),
            ("utf32be-bom", [0, 0, 0xFE, 0xFF] + [UInt8](text.data(using: .utf32BigEndian)!)),
        ]
        for (label, bytes) in variants {
            let path = dir + "/" + label + ".strings"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            try await expectSameAsPlutil(path, shownAs: "\((file as NSString).lastPathComponent) [\(label)]")
        }
        // BOM-less UTF-16: Foundation does not sniff it (deliberate difference
        // from spec §1.3, see TextDecoding.bomlessUTF16Problem); Herald reports
        // the drop but still recovers the entries for the linter.
        guard startsASCII, let expected = try await Plutil.read(file)?.compactMapValues({ $0 as? String }) else { return }
        for (label, bytes) in [
            ("utf16le", [UInt8](text.data(using: .utf16LittleEndian)!)), ("utf16be", [UInt8](text.data(using: .utf16BigEndian)!)),
        ] {
            let path = dir + "/" + label + ".strings"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            // Foundation is not even consistent here: it rejects these files
            // except a braced `{ … }` one in UTF-16LE. Herald always warns.
            let ours = StringsReader.read(bytes: bytes, file: label)
            #expect(ours.droppedOnDevice)
            #expect(ours.diagnostics.contains { $0.rule.rawValue == "encoding" && $0.dropsFile })
            #expect(ours.plainValues == expected, "\(label)")
        }
    }

    /// Shipped apps hold .strings files as XML or binary property lists.
    @Test(arguments: good)
    func plistFormsReadLikeFoundation(_ file: String) async throws {
        guard !Fixtures.bytes(file).isEmpty, try await Plutil.read(file) != nil else { return }
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in ["xml1", "binary1"] {
            let path = dir + "/" + format + ".strings"
            #expect(try await Plutil.convert(file, to: format, output: path))
            let ours = StringsReader.read(bytes: Fixtures.bytes(path), file: path)
            guard let theirs = try await Plutil.read(path) else { continue }
            let theirStrings = theirs.compactMapValues { $0 as? String }
            #expect(ours.plainValues == theirStrings, "\(file) [\(format)]")
            #expect(ours.encoding == (format == "binary1" ? .binaryPlist : .utf8))
        }
    }

    @Test(arguments: bad)
    func rejectedFilesAreDroppedWithAPosition(_ file: String) async throws {
        let name = (file as NSString).lastPathComponent
        #expect(try await Plutil.read(file) == nil, "plutil accepts \(name); move it to good/")
        let r = StringsReader.read(bytes: Fixtures.bytes(file), file: name)
        #expect(r.droppedOnDevice, "\(name)")
        let first = r.diagnostics.first { $0.dropsFile }
        #expect(first != nil, "\(name)")
        #expect((first?.origin?.line ?? 0) >= 1 && (first?.origin?.column ?? 0) >= 1, "\(name)")
        #expect(first?.severity == .error)
    }

    /// The same bad files in UTF-16 are still rejected (and never crash).
    @Test(arguments: bad)
    func rejectedInUTF16Too(_ file: String) async throws {
        let data = Fixtures.bytes(file)
        guard let text = String(bytes: data, encoding: .utf8) else { return }
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/x.strings"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xFE] + [UInt8](text.data(using: .utf16LittleEndian)!))))
        #expect(try await Plutil.read(path) == nil)
        #expect(StringsReader.read(bytes: Fixtures.bytes(path), file: "x.strings").droppedOnDevice)
    }
}
