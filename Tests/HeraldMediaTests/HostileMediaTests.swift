import Foundation
import HeraldMedia
import HeraldTestSupport
import Testing

import Glibc

/// Issue 14, media: a downloader's answer is not trusted with a path, the attachment folder
/// is kept within its retention rule, and the `herald-net` helper can be stopped.
@Suite struct HostileMediaTests {
    let loopback = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])

    /// Answers every URL with the same file, whatever it is.
    struct AnsweringDownloader: MediaDownloader {
        let file: DownloadedFile
        func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
            async -> [Result<DownloadedFile, MediaFailure>]
        {
            urls.map { _ in .success(file) }
        }
    }

    func fetch(_ file: DownloadedFile, folder: TemporaryFolder) async -> [MediaResult] {
        await MediaFetcher(policy: loopback, downloader: AnsweringDownloader(file: file)).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(60))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The helper said `/etc/passwd` (and a link to it) was the download: neither is attached.
    @Test func onlyFilesInsideTheAttachmentFolderAreAccepted() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let name = Fixture.pngSHA256 + ".png"
        try FileManager.default.createDirectory(atPath: folder.attachments, withIntermediateDirectories: true)

        let outside = DownloadedFile(
            path: "/etc/passwd", fileName: name, type: .png, byteCount: 73, sha256: Fixture.pngSHA256)
        #expect(await fetch(outside, folder: folder).first?.failure != nil)

        let traversal = DownloadedFile(
            path: folder.attachments + "/../" + name, fileName: name, type: .png, byteCount: 73, sha256: Fixture.pngSHA256)
        try Self.write(Fixture.png, to: folder.path + "/" + name)
        #expect(await fetch(traversal, folder: folder).first?.failure != nil)

        // A link inside the folder, named like an attachment, pointing out of it.
        symlink("/etc/passwd", folder.attachments + "/" + name)
        let link = DownloadedFile(
            path: folder.attachments + "/" + name, fileName: name, type: .png, byteCount: 73, sha256: Fixture.pngSHA256)
        #expect(await fetch(link, folder: folder).first?.failure != nil)

        // The real thing is accepted.
        unlink(folder.attachments + "/" + name)
        try Self.write(Fixture.png, to: folder.attachments + "/" + name)
        let results = await fetch(link, folder: folder)
        #expect(results.first?.failure == nil)
        #expect(results.attachedFileNames == [name])
    }

    /// The retention rule: after a fetch the folder holds at most the policy's number of files
    /// (oldest removed first, this push's kept), and a killed download's stale `.part` is gone.
    @Test func fetchingKeepsTheFolderWithinItsRetentionRule() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        try FileManager.default.createDirectory(atPath: folder.attachments, withIntermediateDirectories: true)
        let policy = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), maxFiles: 4, allowHosts: ["127.0.0.1"])
        let old = Date(timeIntervalSinceNow: -86_400)
        var oldNames: [String] = []
        for k in 0..<6 {
            let name = String(repeating: String(k), count: 64) + ".gif"
            try Self.write(Fixture.gif, to: folder.attachments + "/" + name)
            try FileManager.default.setAttributes(
                [.modificationDate: old.addingTimeInterval(Double(k))], ofItemAtPath: folder.attachments + "/" + name)
            oldNames.append(name)
        }
        let stale = AttachmentFolder.tempPrefix + "killed" + AttachmentFolder.tempSuffix
        let fresh = AttachmentFolder.tempPrefix + "running" + AttachmentFolder.tempSuffix
        try Self.write([1, 2, 3], to: folder.attachments + "/" + stale)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.attachments + "/" + stale)
        try Self.write([1, 2, 3], to: folder.attachments + "/" + fresh)
        let name = Fixture.pngSHA256 + ".png"
        try Self.write(Fixture.png, to: folder.attachments + "/" + name)
        let file = DownloadedFile(
            path: folder.attachments + "/" + name, fileName: name, type: .png, byteCount: 73, sha256: Fixture.pngSHA256)

        let results = await MediaFetcher(policy: policy, downloader: AnsweringDownloader(file: file)).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(60))
        #expect(results.attachedFileNames == [name])
        let left = Set(folder.files())
        #expect(left.contains(name))
        #expect(!left.contains(stale))
        #expect(left.contains(fresh))
        // Four attachments: this push's and the three newest of the old ones.
        #expect(left.subtracting([fresh]) == Set([name] + oldNames.suffix(3)))
    }

    /// Spawned from a Dispatch thread (which blocks almost every signal), the helper used to
    /// start with those signals blocked and in herald's process group: now its mask is empty,
    /// its dispositions are the defaults and it leads a group of its own.
    @Test func theHelperStartsWithNoSignalBlockedInItsOwnProcessGroup() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let script = folder.path + "/report.sh"
        try HelperProcessDownloaderTests.writeScript(
            """
            #!/bin/sh
            cat > /dev/null
            grep -E '^Sig(Blk|Ign):' /proc/self/status > '\(folder.path)/signals'
            echo "$$ $(cut -d' ' -f5 /proc/$$/stat)" > '\(folder.path)/group'
            """, to: script)
        let downloader = HelperProcessMediaDownloader(executable: script, arguments: [])
        _ = await MediaFetcher(policy: loopback, downloader: downloader).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .seconds(60))
        let signals = try String(contentsOfFile: folder.path + "/signals", encoding: .utf8)
        var masks: [String: UInt64] = [:]
        for line in signals.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2 { masks[String(parts[0])] = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        #expect(masks["SigBlk"] == 0, "\(signals)")
        // Signals 1–31 at their defaults (glibc keeps its own two real-time signals, 32 and 33,
        // out of reach of a spawn's defaults).
        #expect(masks["SigIgn"].map { $0 & 0x7FFF_FFFF } == 0, "\(signals)")
        let group = try String(contentsOfFile: folder.path + "/group", encoding: .utf8)
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(group.count == 2 && group[0] == group[1], "\(group)")
    }

    /// At the deadline the whole group goes: a child the helper started does not outlive it.
    @Test func theDeadlineEndsWhatTheHelperStarted() async throws {
        let folder = try TemporaryFolder("herald-media-tests")
        let script = folder.path + "/spawn.sh"
        try HelperProcessDownloaderTests.writeScript(
            """
            #!/bin/sh
            cat > /dev/null
            sleep 86400 &
            echo $! > '\(folder.path)/child'
            exec sleep 86400
            """, to: script)
        let downloader = HelperProcessMediaDownloader(executable: script, arguments: [], killGrace: .milliseconds(100))
        let results = await MediaFetcher(policy: loopback, downloader: downloader).fetch(
            [MediaReference(url: "http://127.0.0.1:9/a.png", source: .heraldMedia)], into: folder.attachments,
            deadline: .now + .milliseconds(500))
        #expect(results.first?.failure == .timedOut)
        let text = try String(contentsOfFile: folder.path + "/child", encoding: .utf8)
        let child = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL was sent to the group before the call returned; wait for the kernel to
        // finish it off (dead or a zombie awaiting its new parent). Without the group kill the
        // child sleeps for a day and this loop gives up.
        var ended = false
        for _ in 0..<60_000 {
            let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)
            if stat == nil || stat!.split(separator: ")").last?.split(separator: " ").first == "Z" {
                ended = true
                break
            }
            usleep(1000)
        }
        if !ended { kill(child, SIGKILL) }
        #expect(ended)
    }
}
