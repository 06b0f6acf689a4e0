import Foundation
import HeraldTestSupport
import HeraldTableFormats
import HeraldTables

/// Foundation's property-list reader, run as `plutil`: the oracle for what a
/// device reads from a `.strings` file or property list.
enum Plutil {
    static let path = "/opt/swift/usr/bin/plutil"

    static func run(_ args: [String]) async throws -> Subprocess.Result { try await Subprocess.run(path, args) }

    /// What plutil reads from `file`, as JSON (nil when it rejects the file).
    static func read(_ file: String) async throws -> [String: Any]? {
        let r = try await run(["-convert", "json", "-o", "-", file])
        guard r.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: r.stdoutData, options: [.fragmentsAllowed]) as? [String: Any]
    }

    /// Converts `file` to `format` (xml1, binary1) at `output`.
    static func convert(_ file: String, to format: String, output: String) async throws -> Bool {
        try await run(["-convert", format, "-o", output, file]).status == 0
    }
}

enum Fixtures {
    static let root: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return here.appendingPathComponent("Fixtures").path
    }()

    static func path(_ rel: String) -> String { root + "/" + rel }

    static func files(_ dir: String, ext: String) -> [String] {
        let d = path(dir)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: d)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { d + "/" + $0 }
    }

    static func bytes(_ file: String) -> [UInt8] {
        FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? []
    }

    static func tempDir() -> String {
        let d = NSTemporaryDirectory() + "herald-tables-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }
}

extension TableFileResult {
    /// Key → plain text (what a device holds in memory for a .strings table).
    var plainValues: [String: String] {
        var out: [String: String] = [:]
        for e in entries {
            if case .plain(let t) = e.message { out[e.key] = t.value }
        }
        return out
    }
}
