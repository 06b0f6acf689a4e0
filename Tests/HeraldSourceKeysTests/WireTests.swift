import HeraldDiagnostics
import HeraldJSON
import HeraldLint
import HeraldSourceKeys
import Testing

/// What herald-sourcekeys prints and herald reads back: nothing lost on the way, and a reply
/// that does not read is an error, not an empty scan.
@Suite struct WireTests {
    @Test func aScanReadsBackAsItWasMade() throws {
        let made = SourceKeyScanner.scan(sources: [("A.swift", """
            enum Key: String { case welcomeTitle }
            func f(n: Int, key: String, thing: Thing) {
                _ = String(format: NSLocalizedString("files.count", tableName: "Files", value: "%d files", comment: ""), n, "x", 1.5, thing)
                _ = Text("Hello \\(thing) — \\(n)")
                _ = NSLocalizedString(key, comment: "")
                _ = NSLocalizedString("step.\\(n)", comment: "")
            }
            """)])
        let text = JSONWriter.write(made.wire)
        let read = try CodeLookups(wire: Array(text.utf8))
        #expect(read.lookups == made.lookups)
        #expect(read.lookups.first?.calls.first?.arguments == [.integer, .object, .floating, .unknown])
        #expect(read.lookups.last?.holes == [nil, "%lld"])
        #expect(read.literals == made.literals && read.literals.contains("welcomeTitle"))
        #expect(read.patterns.matches("step.4") && !read.patterns.matches("other.4"))
        #expect(read.dynamicLookups == 2 && read.dynamicSamples == made.dynamicSamples && read.filesRead == 1)
    }

    @Test func aReplyThatDoesNotReadIsAnError() {
        for bad in ["", "[]", #"{"files": 1}"#, #"{"files": 1, "dynamic": 0, "literals": [], "prefixes": [], "suffixes": [], "lookups": [{"api": "Text"}]}"#] {
            #expect(throws: CodeLookups.WireError.self, "\(bad)") { try CodeLookups(wire: Array(bad.utf8)) }
        }
    }
}
