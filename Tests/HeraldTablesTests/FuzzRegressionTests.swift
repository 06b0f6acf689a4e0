import Foundation
import HeraldTables
import Testing

/// Inputs found by fuzzing (Tools/fuzz) that broke HeraldTables, kept as tests.
@Suite struct FuzzRegressionTests {
    /// The binary `.stringsdict` seed of fuzz-stringsdict (plutil's binary1 form of
    /// Localizations/en.lproj/Localizable.stringsdict).
    static func binarySeed() throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Tools/fuzz/corpus/fuzz-stringsdict/en-binary.stringsdict").path
        return [UInt8](try #require(FileManager.default.contents(atPath: path)))
    }

    /// fuzz-stringsdict, SEGV: one flipped bit in this binary plist crashed
    /// Foundation's PropertyListSerialization (in its NSSet bridging) while the
    /// reader still used it. Every single-bit flip of the seed must now be
    /// read or reported, never crash.
    @Test func everyBitFlipOfABinaryStringsdictIsReadOrReported() throws {
        let seed = try Self.binarySeed()
        #expect(Array(seed.prefix(8)) == Array("bplist00".utf8))
        let clean = StringsdictReader.read(bytes: seed, file: "en.lproj/Localizable.stringsdict")
        #expect(clean.diagnostics.filter { $0.severity == .error }.isEmpty, "\(clean.diagnostics)")
        #expect(!clean.entries.isEmpty)
        var reported = 0
        for bit in 0..<(seed.count * 8) {
            var bytes = seed
            bytes[bit / 8] ^= UInt8(1 << (bit % 8))
            let r = StringsdictReader.read(bytes: bytes, file: "t.stringsdict")
            if r.droppedOnDevice { reported += 1 }
            for d in r.diagnostics { #expect(!d.message.isEmpty) }
        }
        // Flips in the header, trailer and offset table break the file as a whole.
        #expect(reported > 0)
    }
}
