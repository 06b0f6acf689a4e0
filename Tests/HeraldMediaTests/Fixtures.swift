import Foundation
import HeraldTestSupport

/// Test files, with hashes computed by `sha256sum` (not by the code under test).
enum Fixture {
    /// A valid 2×2 red RGB PNG (73 bytes; `file` says "PNG image data, 2 x 2").
    static let png = bytes(
        "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73000000104944415478da63f8cfc000440c100a001fee03fd635ebb5b0000000049454e44ae426082"
    )
    static let pngSHA256 = "68c41bb798155f8ad4c0280b6540e49f18457b263986fa6edbf58dc0821f3cb1"

    /// A valid 1×1 GIF89a (42 bytes).
    static let gif = bytes("47494638396101000100800000000000ffffff21f90401000000002c000000000100010000020144003b")
    static let gifSHA256 = "ef1955ae757c8b966c83248350331bd3a30f658ced11f387f8ebf05ab3368629"

    static let html = Array("<!DOCTYPE html>\n<html><body>Not found, but 200</body></html>\n".utf8)

    /// An ID3v2.4 header, the start of an MP3 file.
    static let id3 = bytes("494433040000000000") + [UInt8](repeating: 0, count: 16)

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = hex.makeIterator()
        while let a = it.next(), let b = it.next() {
            if let v = UInt8(String([a, b]), radix: 16) { out.append(v) }
        }
        return out
    }
}

/// The media tests' view of a temporary folder: where the fetcher puts attachments, and what is there.
extension TemporaryFolder {
    var attachments: String { path + "/attachments" }

    func files(_ sub: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub ?? attachments)) ?? []).sorted()
    }
}
