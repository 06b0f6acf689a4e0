import Foundation
import HeraldJSON
import Testing

@testable import HeraldMedia

@Suite struct AttachmentPlanTests {
    func file(_ name: String, _ type: MediaType = .jpeg) -> DownloadedFile {
        let hash = String(repeating: name, count: 64 / name.count)
        return DownloadedFile(
            path: "/c/attachments/\(hash).\(type.fileExtension)", fileName: "\(hash).\(type.fileExtension)", type: type,
            byteCount: 10, sha256: hash)
    }

    @Test func thumbnailFirstExpandedHidden() {
        let refs = [
            MediaReference(url: "https://x/e.jpg", role: .expanded, source: .heraldMedia),
            MediaReference(
                url: "https://x/t.jpg", role: .thumbnail, clip: ClipRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
                source: .heraldMedia, id: "t", receipt: "rcpt-9"),
        ]
        let plan = Attachments.plan(references: refs, downloads: [file("e"), file("t")])
        let t = plan[1]
        let e = plan[0]
        #expect(t?.position == 0 && t?.thumbnailHidden == false && t?.identifier == "t")
        #expect(e?.position == 1 && e?.thumbnailHidden == true && e?.identifier == "media-1")
        let results: [MediaResult] = [.attached(e!), .attached(t!)]
        let json = JSONWriter.write(Attachments.json(results))
        let th = String(repeating: "t", count: 64)
        let eh = String(repeating: "e", count: 64)
        #expect(
            json
                == #"[{"identifier":"t","file":"/c/attachments/\#(th).jpg","type":"public.jpeg","thumbnailHidden":false,"clip":{"X":0.25,"Y":0.25,"Width":0.5,"Height":0.5},"receipt":"rcpt-9"},{"identifier":"media-1","file":"/c/attachments/\#(eh).jpg","type":"public.jpeg","thumbnailHidden":true}]"#
        )
    }

    @Test func expandedKeepsItsThumbnailWhenTheThumbnailFailed() {
        let refs = [
            MediaReference(url: "https://x/t.jpg", role: .thumbnail, source: .heraldMedia),
            MediaReference(url: "https://x/e.jpg", role: .expanded, source: .heraldMedia),
        ]
        let plan = Attachments.plan(references: refs, downloads: [nil, file("e")])
        #expect(plan[0] == nil)
        #expect(plan[1]?.position == 0 && plan[1]?.thumbnailHidden == false)
    }

    @Test func bothBeforeExpandedAndSenderOrderWithinARole() {
        let refs = [
            MediaReference(url: "https://x/1", role: .expanded, source: .heraldMedia),
            MediaReference(url: "https://x/2", role: .both, source: .heraldMedia),
            MediaReference(url: "https://x/3", role: .both, source: .heraldMedia),
        ]
        let plan = Attachments.plan(references: refs, downloads: [file("a"), file("b"), file("c")])
        #expect(plan.map { $0?.position } == [2, 0, 1])
        #expect(plan.map { $0?.thumbnailHidden } == [true, false, false])
    }

    @Test func sameContentTwiceIsOneAttachment() {
        let refs = [
            MediaReference(url: "https://x/t", role: .thumbnail, source: .heraldMedia),
            MediaReference(url: "https://y/e", role: .expanded, source: .heraldMedia),
        ]
        let plan = Attachments.plan(references: refs, downloads: [file("a"), file("a")])
        #expect(plan[0] == plan[1])
        #expect(plan[0]?.reference.role == .both && plan[0]?.thumbnailHidden == false)
        let ordered = Attachments.ordered(plan.compactMap { $0 }.map { .attached($0) })
        #expect(ordered.count == 1)
    }

    @Test func duplicateSenderIdsAreMadeUnique() {
        let refs = [
            MediaReference(url: "https://x/1", source: .heraldMedia, id: "pic"),
            MediaReference(url: "https://x/2", source: .heraldMedia, id: "pic"),
        ]
        let plan = Attachments.plan(references: refs, downloads: [file("a"), file("b")])
        #expect(plan.map { $0?.identifier } == ["pic", "pic-2"])
    }

    @Test func clipNumbersAreWrittenAsPlainLiterals() {
        #expect(Attachments.numberLiteral(1) == "1")
        #expect(Attachments.numberLiteral(0) == "0")
        #expect(Attachments.numberLiteral(0.125) == "0.125")
    }
}

@Suite struct MediaPolicyTests {
    @Test func schemes() {
        let strict = MediaPolicy()
        #expect(strict.check(URL(string: "https://a.example/x.png")!) == nil)
        #expect(strict.check(URL(string: "http://a.example/x.png")!) == .unsupportedScheme("http"))
        #expect(strict.check(URL(string: "file:///etc/passwd")!) == .unsupportedScheme("file"))
        #expect(strict.check(URL(string: "ftp://a.example/x.png")!) == .unsupportedScheme("ftp"))
        #expect(strict.check(URL(string: "data:image/png;base64,AAAA")!) == .unsupportedScheme("data"))
        let hosts = MediaPolicy(allowHTTP: .hosts(["cdn.example"]))
        #expect(hosts.check(URL(string: "http://cdn.example/x.png")!) == nil)
        #expect(hosts.check(URL(string: "http://other.example/x.png")!) == .unsupportedScheme("http"))
        #expect(MediaPolicy(allowHTTP: .always).check(URL(string: "http://any.example/")!) == nil)
    }

    @Test func redirects() {
        let p = MediaPolicy(allowHTTP: .always)
        let https = URL(string: "https://a.example/x.png")!
        #expect(p.checkRedirect(from: https, to: URL(string: "https://b.example/y.png")!) == nil)
        // An https page never hands over to http, even where http is allowed.
        #expect(
            p.checkRedirect(from: https, to: URL(string: "http://b.example/y.png")!)
                == .forbiddenRedirect("http://b.example/y.png"))
        #expect(
            p.checkRedirect(from: https, to: URL(string: "file:///etc/passwd")!)
                == .forbiddenRedirect("file:///etc/passwd"))
        #expect(
            MediaPolicy().checkRedirect(from: https, to: URL(string: "http://a.example/x.png")!)
                == .forbiddenRedirect("http://a.example/x.png"))
    }
}
