import HeraldTestSupport
import Testing

/// A push's bad media entries are skipped and said on standard error as
/// `media <JSON pointer>: <what and what was done>`, the line `herald render` has always
/// printed for them (the pointers are the entries' places in the payload below, per RFC 6901).
@Suite struct MediaDiagnosticCLITests {
    @Test func skippedEntriesAreSaidWithTheirPointer() async throws {
        let c = try RenderCLITests.Container()
        let payload = try c.write(
            #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look","media":[{"url":"https://127.0.0.1:1/a.png","role":"banner"},42]}}"#,
            name: "media.json")
        let r = try await c.render(payload, "en")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.body == "\u{2068}Look\u{2069}")
        #expect(
            r.stderr.contains(#"media /herald/media/0/role: unknown role "banner" (expected thumbnail, expanded or both); entry skipped"#),
            "\(r.stderr)")
        #expect(r.stderr.contains("media /herald/media/1: must be an object {url, role, clip} or a URL string, found a number\n"), "\(r.stderr)")
        // The rule ids are for programs; the line stays as it was.
        #expect(!r.stderr.contains("[media-"), "\(r.stderr)")
    }

    /// Media from a loopback address are refused unless `--allow-host` names the host: the
    /// flag reaches herald-net's address check (then the fetch fails for another reason:
    /// nothing listens on the port).
    @Test func loopbackMediaAreRefusedUnlessTheHostIsAllowed() async throws {
        let c = try RenderCLITests.Container()
        let down = try RefusedPort()
        defer { withExtendedLifetime(down) {} }
        let port = down.port
        let payload = try c.write(
            #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look","media":["https://127.0.0.1:\#(port)/a.png"]}}"#,
            name: "loopback-media.json")
        let refused = try await c.render(payload, "en")
        #expect(refused.stderr.contains("address refused: 127.0.0.1 is loopback"), "\(refused.stderr)")
        for flags in [["--allow-host", "127.0.0.1"], ["--allow-host=127.0.0.1"], ["--allow-host", "cdn.example", "--allow-host", "127.0.0.1"]] {
            let allowed = try await c.render(payload, "en", flags)
            #expect(!allowed.stderr.contains("address refused"), "\(flags): \(allowed.stderr)")
            #expect(allowed.stderr.contains("network error"), "\(flags): \(allowed.stderr)")
        }
    }
}
