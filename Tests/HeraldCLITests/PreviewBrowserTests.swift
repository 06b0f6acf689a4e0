import Foundation
import HeraldTestSupport
import HeraldJSON
import Testing

/// The HTML preview in a real headless browser (Debian's chromium; .ci/run
/// installs it). The page measures its own layout on load and leaves the
/// result in `data-layout`; chromium's --dump-dom hands it back.
///
/// Runs whenever chromium is installed, and is required when `CI` is set (.ci/run
/// installs chromium, so a missing browser there is a failure). Elsewhere, without a
/// browser, the test is skipped and Swift Testing prints the reason below with it.
@Suite(.serialized) struct PreviewBrowserTests {
    /// Whether the browser test runs: chromium is present, or this is CI (where its
    /// absence must fail), and `HERALD_SKIP_BROWSER=1` does not ask to skip it.
    static var shouldRun: Bool {
        let env = ProcessInfo.processInfo.environment
        if env["HERALD_SKIP_BROWSER"] == "1" { return false }
        return chromium() != nil || isCI
    }

    static var isCI: Bool { ExternalTool.isCI }

    static func chromium() -> String? {
        for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: p) {
            return p
        }
        return nil
    }

    static func run(_ path: String, _ args: [String]) async throws -> (Int32, String) {
        let r = try await Subprocess.run(path, args)
        return (r.status, r.stdout)
    }

    static func common(_ dir: URL) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir.path)/profile"]
    }

    /// `herald preview --format html` with `preview` added, opened in `browser`: the page
    /// and the layout it measured of itself (`data-layout`), nil after recording why not.
    static func layout(_ browser: String, preview: [String], in dir: URL) async throws -> (URL, [JSONValue])? {
        let page = dir.appendingPathComponent("preview.html")
        let r = try await HeraldBinary.run(["preview", "--format", "html", "--output", page.path] + preview)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page must not reach the network")

        let (status, dom) = try await Self.run(browser, common(dir) + ["--virtual-time-budget=5000", "--dump-dom", page.absoluteString])
        #expect(status == 0)
        guard let start = dom.range(of: "data-layout=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
            Issue.record("the page did not record its layout")
            return nil
        }
        let raw = String(dom[start.upperBound..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return (page, try JSONParser.parse(raw).arrayValue ?? [])
    }

    /// The pseudo-locales in the browser: ar-XB laid out right to left (the computed
    /// direction, and each body's first character measured at the right half of its
    /// card), the others left to right.
    @Test(
        .enabled(
            if: PreviewBrowserTests.shouldRun,
            "skipped: chromium is not installed (or HERALD_SKIP_BROWSER=1); apt-get install chromium fonts-noto-core to run it"))
    func pseudoRightToLeftRunsRightToLeft() async throws {
        guard let browser = Self.chromium() else {
            Issue.record("chromium is not installed and CI is set: .ci/run installs it (apt-get install chromium)")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("herald-pseudo-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let (_, banners) = try await Self.layout(browser, preview: ["--pseudo"], in: dir) else { return }
        let laidOut = Set(banners.compactMap { $0["locale"]?.stringValue })
        #expect(laidOut == ["en-XA", "ar-XB", "en-XD", "en-XE"])
        var rightToLeft = 0
        for b in banners {
            guard let locale = b["locale"]?.stringValue, let example = b["example"]?.stringValue else { continue }
            let direction = b["direction"]?.stringValue, starts = b["starts"]?.stringValue
            // The decrypted message is one English argument, isolated: its own direction.
            if locale == "ar-XB" {
                #expect(direction == "rtl", "\(example) \(locale) laid out \(direction ?? "?")")
                if example != "message" {
                    #expect(starts == "right", "\(example) \(locale) starts at the \(starts ?? "?")")
                    rightToLeft += 1
                }
            } else {
                #expect(direction == "ltr", "\(example) \(locale) laid out \(direction ?? "?")")
                #expect(starts == "left", "\(example) \(locale) starts at the \(starts ?? "?")")
            }
        }
        #expect(rightToLeft >= 4)
    }

    @Test(
        .enabled(
            if: PreviewBrowserTests.shouldRun,
            "skipped: chromium is not installed (or HERALD_SKIP_BROWSER=1). To run the HTML preview in a real browser: apt-get install chromium fonts-noto-core fonts-noto-cjk, then swift test --filter PreviewBrowserTests (CI=1 makes it required)"))
    func everyLocaleRendersAndRightToLeftOnesRunRightToLeft() async throws {
        guard let browser = Self.chromium() else {
            Issue.record("chromium is not installed and CI is set: .ci/run installs it (apt-get install chromium)")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("herald-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let (page, banners) = try await Self.layout(browser, preview: [], in: dir) else { return }
        let folders = try PreviewCLITests.localizationFolders()
        let laidOut = Set(banners.compactMap { $0["locale"]?.stringValue })
        #expect(laidOut == Set(folders), "locales laid out: \(laidOut.sorted())")

        let rtl: Set<String> = ["ar", "he", "fa"]
        // Bodies that begin with a right-to-left letter must start at the right edge.
        let messageExamples: Set<String> = ["message"]  // decrypted English text: its own direction
        var checkedRTL = 0
        for b in banners {
            guard let locale = b["locale"]?.stringValue, let example = b["example"]?.stringValue else { continue }
            let direction = b["direction"]?.stringValue
            let starts = b["starts"]?.stringValue
            if rtl.contains(locale) {
                #expect(direction == "rtl", "\(example) \(locale) laid out \(direction ?? "?")")
                if !messageExamples.contains(example) {
                    #expect(starts == "right", "\(example) \(locale) starts at the \(starts ?? "?")")
                    checkedRTL += 1
                }
            } else {
                #expect(direction == "ltr", "\(example) \(locale) laid out \(direction ?? "?")")
                #expect(starts == "left", "\(example) \(locale) starts at the \(starts ?? "?")")
            }
        }
        #expect(checkedRTL >= 3 * 4)

        // And a real screenshot: the page paints (a blank page is a few KB).
        let common = Self.common(dir)
        let shot = dir.appendingPathComponent("preview.png")
        let (shotStatus, _) = try await Self.run(
            browser, common + ["--window-size=1200,1600", "--screenshot=\(shot.path)", page.absoluteString])
        #expect(shotStatus == 0)
        let size = (try? FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int) ?? 0
        #expect(size > 50_000, "screenshot is \(size) bytes")
    }
}
