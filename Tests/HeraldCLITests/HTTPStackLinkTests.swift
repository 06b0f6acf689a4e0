import Foundation
import HeraldTestSupport
import Testing

import Glibc

/// `herald` loads no HTTP stack: media and receipts go through `herald-net`. The built
/// binaries are read as bytes: a Swift module linked into an executable leaves its mangled
/// name (`7NIOCore`, `15AsyncHTTPClient`: length-prefixed, as the Swift ABI's mangling spells
/// module names) in symbols and type metadata, and a shared library it needs is named in the
/// dynamic section (`libFoundationNetworking.so`). `herald-net` is the control: it must show
/// the very markers `herald` must not, or the check could not fail.
@Suite struct HTTPStackLinkTests {
    static let markers = ["7NIOCore", "8NIOPosix", "15AsyncHTTPClient", "FoundationNetworking"]

    /// The markers found in the file at `url`.
    static func markers(in url: URL) throws -> Set<String> {
        let bytes = try Data(contentsOf: url, options: .alwaysMapped)
        return bytes.withUnsafeBytes { raw -> Set<String> in
            var found = Set<String>()
            for marker in markers {
                if contains(raw, Array(marker.utf8)) { found.insert(marker) }
            }
            return found
        }
    }

    /// Whether `needle` occurs in `haystack` (memchr for its first byte, then a compare).
    static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let base = haystack.baseAddress, let first = needle.first else { return false }
        var offset = 0
        while offset + needle.count <= haystack.count {
            guard let hit = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else {
                return false
            }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if needle.withUnsafeBytes({ memcmp(base + at, $0.baseAddress!, needle.count) }) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    @Test func heraldLinksNeitherNIONorAsyncHTTPClientNorFoundationNetworking() throws {
        let herald = try Self.markers(in: try HeraldBinary.url())
        #expect(herald.isEmpty, "herald links \(herald.sorted())")
        let net = try Self.markers(in: try BuiltExecutable.url(named: "herald-net", override: "HERALD_NET"))
        #expect(net.isSuperset(of: ["7NIOCore", "8NIOPosix", "15AsyncHTTPClient"]), "herald-net shows only \(net.sorted())")
    }
}
