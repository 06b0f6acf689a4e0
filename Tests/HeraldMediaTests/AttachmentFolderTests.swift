import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldMedia

import Glibc

@Suite struct AttachmentFolderTests {
    /// Writes `size` bytes to `name` with modification time `age` seconds ago.
    func put(_ folder: String, _ name: String, size: Int, age: Double) {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: size))
        let t = Date().addingTimeInterval(-age).timeIntervalSince1970
        var times = [
            timeval(tv_sec: Int(t), tv_usec: 0), timeval(tv_sec: Int(t), tv_usec: 0),
        ]
        _ = utimes(path, &times)
    }

    func name(_ c: Character, _ ext: String = "png") -> String { String(repeating: c, count: 64) + "." + ext }

    @Test func storePathIsTheAttachmentsSubfolder() {
        #expect(AttachmentFolder(store: "/var/container").path == "/var/container/attachments")
        #expect(AttachmentFolder(store: "/var/container/").path == "/var/container/attachments")
    }

    @Test func removesOldestFirstUntilWithinCountAndBytes() throws {
        let tmp = try TemporaryFolder("herald-media-tests")
        let dir = tmp.path
        put(dir, name("a"), size: 100, age: 500)
        put(dir, name("b", "jpg"), size: 100, age: 400)
        put(dir, name("c", "mp4"), size: 300, age: 300)
        put(dir, name("d", "gif"), size: 100, age: 200)
        put(dir, name("e"), size: 100, age: 100)
        put(dir, "notes.txt", size: 5000, age: 9999)  // not ours: left alone
        put(dir, ".herald-1234.part", size: 50, age: 3600)  // stale temp: removed
        put(dir, ".herald-5678.part", size: 50, age: 1)  // in-flight temp: kept

        // Count bound 4 removes a; bytes bound 450 then removes b and c (oldest first).
        let report = AttachmentFolder(path: dir).cleanUp(maxFiles: 4, maxTotalBytes: 450)
        #expect(report.removed == [".herald-1234.part", name("a"), name("b", "jpg"), name("c", "mp4")])
        #expect(report.remainingFiles == 2 && report.remainingBytes == 200)
        #expect(tmp.files(dir) == [".herald-5678.part", name("d", "gif"), name("e"), "notes.txt"])
    }

    @Test func keepsThisPushsFiles() throws {
        let tmp = try TemporaryFolder("herald-media-tests")
        let dir = tmp.path
        put(dir, name("a"), size: 10, age: 300)
        put(dir, name("b"), size: 10, age: 200)
        put(dir, name("c"), size: 10, age: 100)
        let report = AttachmentFolder(path: dir).cleanUp(maxFiles: 1, maxTotalBytes: 1_000, keeping: [name("a")])
        #expect(report.removed == [name("b"), name("c")])
        #expect(tmp.files(dir) == [name("a")])
    }

    @Test func withinBoundsRemovesNothingAndMissingFolderIsEmpty() throws {
        let tmp = try TemporaryFolder("herald-media-tests")
        put(tmp.path, name("a"), size: 10, age: 10)
        let r = AttachmentFolder(path: tmp.path).cleanUp(policy: MediaPolicy())
        #expect(r.removed.isEmpty && r.remainingFiles == 1 && r.remainingBytes == 10)
        let missing = AttachmentFolder(path: tmp.path + "/nope").cleanUp(maxFiles: 0, maxTotalBytes: 0)
        #expect(missing.removed.isEmpty && missing.remainingFiles == 0)
    }

    @Test func attachmentNames() {
        #expect(AttachmentFolder.isAttachmentName(name("a")))
        #expect(!AttachmentFolder.isAttachmentName(name("A")))
        #expect(!AttachmentFolder.isAttachmentName(name("a", "exe")))
        #expect(!AttachmentFolder.isAttachmentName("../" + name("a")))
    }
}
