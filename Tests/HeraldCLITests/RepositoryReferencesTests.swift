import Foundation
import Testing

/// What the repository tells its users must be inside it: no source, script or document points
/// at the folder of reference notes that sits beside a working copy, which a user
/// who cloned the repository does not have. `.ci/` may (CI runs with that folder beside it).
@Suite struct RepositoryReferencesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Tracked-looking files: everything below the root except hidden folders (`.git`,
    /// `.build`, `.ci`, `.build-fuzz`) and files over 2 MB (generated data).
    static func files() -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                (values.fileSize ?? 0) <= 2_000_000
            else { continue }
            found.append(url)
        }
        return found
    }

    /// The two spellings of a reference to that folder, put together here so this file does
    /// not hold them.
    static let needles = [["..", "shared"].joined(separator: "/"), ["shared", "spec"].joined(separator: "/")]

    @Test func nothingOutsideCIPointsToTheSharedFolder() throws {
        let files = Self.files()
        #expect(files.count > 100, "walked only \(files.count) files below \(Self.root.path)")
        var offenders: [String] = []
        for file in files {
            guard let data = try? Data(contentsOf: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.needles.contains(where: { line.contains($0) }) {
                offenders.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(number + 1)")
            }
        }
        #expect(offenders.isEmpty, "point these inside the repository (Docs/): \(offenders.joined(separator: ", "))")
    }
}
