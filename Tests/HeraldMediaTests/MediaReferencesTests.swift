import HeraldDiagnostics
import HeraldJSON
import Testing

@testable import HeraldMedia

@Suite struct MediaReferencesTests {
    func parse(_ s: String) throws -> JSONValue { try JSONParser.parse(s) }

    @Test func legacyMediaURLIsROT13() throws {
        // Spy-agency chapter style: the URL is ROT13 ("uggcf" = "https").
        let p = try parse(#"{"aps":{"alert":"x","mutable-content":1},"media-url":"uggcf://rknzcyr.pbz/cubgb.wct"}"#)
        let refs = MediaReferences.extract(from: p, herald: nil)
        #expect(refs == [MediaReference(url: "https://example.com/photo.jpg", source: .legacy)])
    }

    @Test func plainLegacyURLIsAcceptedWithADiagnostic() throws {
        let p = try parse(#"{"aps":{},"media-url":"https://example.com/a.png"}"#)
        let x = MediaReferences.extractWithDiagnostics(from: p, herald: nil)
        #expect(x.references.map(\.url) == ["https://example.com/a.png"])
        #expect(x.diagnostics.map(\.location) == [.pointer("/media-url")])
        #expect(x.diagnostics.map(\.rule.rawValue) == ["media-not-rot13"] && x.diagnostics.allSatisfy { $0.severity == .note })
    }

    @Test func alertImageAndImageKey() throws {
        let p = try parse(
            #"{"aps":{"alert":{"body":"b","image":"https://a.example/1.jpg"}},"image":"https://b.example/2.png"}"#)
        let refs = MediaReferences.extract(from: p, herald: nil)
        #expect(refs.map(\.url) == ["https://a.example/1.jpg", "https://b.example/2.png"])
        #expect(refs.map(\.source) == [.alertImage, .imageKey])
        #expect(refs.allSatisfy { $0.role == .both && $0.clip == nil })
    }

    @Test func heraldMediaListWithRolesClipsIdsAndReceipts() throws {
        let herald = try parse(
            #"""
            {"kind":"message","text":"hi","media":[
              {"url":"https://cdn.example/t.jpg","role":"thumbnail","clip":{"x":0.25,"y":0.25,"width":0.5,"height":0.5},"id":"thumb","receipt":"r-1"},
              {"url":"https://cdn.example/e.jpg","role":"expanded","clip":[0,0,1,0.5]},
              "https://cdn.example/plain.gif"
            ]}
            """#
        ).objectValue
        let p = try parse(#"{"aps":{"alert":"x"},"herald":{"sealed":{"v":1}}}"#)
        let refs = MediaReferences.extract(from: p, herald: herald)
        #expect(refs.count == 3)
        #expect(refs[0] == MediaReference(
            url: "https://cdn.example/t.jpg", role: .thumbnail, clip: ClipRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
            source: .heraldMedia, id: "thumb", receipt: "r-1"))
        #expect(refs[1].role == .expanded)
        #expect(refs[1].clip == ClipRect(x: 0, y: 0, width: 1, height: 0.5))
        #expect(refs[2] == MediaReference(url: "https://cdn.example/plain.gif", source: .heraldMedia))
    }

    @Test func sealedHeraldIsNotReadWithoutTheOpenedObject() throws {
        let p = try parse(#"{"aps":{"alert":"x"},"herald":{"sealed":{"v":1},"media":["https://x.example/a.png"]}}"#)
        #expect(MediaReferences.extract(from: p, herald: nil).isEmpty)
        let plain = try parse(#"{"aps":{"alert":"x"},"herald":{"kind":"message","media":["https://x.example/a.png"]}}"#)
        #expect(MediaReferences.extract(from: plain, herald: nil).map(\.url) == ["https://x.example/a.png"])
    }

    @Test func badEntriesAreSkippedWithPreciseDiagnostics() throws {
        let herald = try parse(
            #"""
            {"media":[
              {"url":"https://x.example/1.png","role":"banner"},
              42,
              {"role":"thumbnail"},
              {"url":"https://x.example/2.png","clip":{"x":0.5,"y":0,"width":0.75,"height":1}},
              {"url":"","role":"both"},
              {"url":"https://x.example/3.png","clip":{"x":0,"y":0,"width":"1","height":1}}
            ]}
            """#
        ).objectValue
        let x = MediaReferences.extractWithDiagnostics(from: try parse(#"{"aps":{}}"#), herald: herald)
        // Entries 3 and 5 are kept without their bad clips.
        #expect(x.references.map(\.url) == ["https://x.example/2.png", "https://x.example/3.png"])
        #expect(x.references.allSatisfy { $0.clip == nil })
        #expect(
            x.diagnostics.map(\.location) == [
                "/herald/media/0/role", "/herald/media/1", "/herald/media/2", "/herald/media/3/clip",
                "/herald/media/4/url", "/herald/media/5/clip",
            ].map(Diagnostic.Location.pointer))
        // Skipped entries and ignored clips are told apart by rule.
        #expect(
            x.diagnostics.map(\.rule.rawValue) == [
                "media-skipped", "media-skipped", "media-skipped", "media-field-ignored", "media-skipped", "media-field-ignored",
            ])
        #expect(x.diagnostics[0].message.contains("\"banner\""))
        #expect(x.diagnostics[3].message.contains("not a normalized rectangle"))
    }

    @Test func mediaMustBeAnArray() throws {
        let herald = try parse(#"{"media":{"url":"https://x.example/1.png"}}"#).objectValue
        let x = MediaReferences.extractWithDiagnostics(from: try parse(#"{"aps":{}}"#), herald: herald)
        #expect(x.references.isEmpty)
        #expect(x.diagnostics.map(\.location) == [.pointer("/herald/media")])
    }

    @Test func sameURLTwiceIsFetchedOnceWithRolesMerged() throws {
        let herald = try parse(
            #"{"media":[{"url":"https://x.example/a.png","role":"thumbnail"},{"url":"https://x.example/a.png","role":"expanded"}]}"#
        ).objectValue
        let p = try parse(#"{"aps":{"alert":{"body":"b","image":"https://x.example/a.png"}}}"#)
        let x = MediaReferences.extractWithDiagnostics(from: p, herald: herald)
        #expect(x.references.count == 1)
        #expect(x.references.first?.role == .both)
        #expect(x.diagnostics.count == 2)
    }

    @Test func clipRectValidation() {
        #expect(ClipRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) != nil)
        #expect(ClipRect(x: 0, y: 0, width: 1, height: 1) != nil)
        #expect(ClipRect(x: 0, y: 0, width: 0, height: 1) == nil)
        #expect(ClipRect(x: -0.1, y: 0, width: 0.5, height: 0.5) == nil)
        #expect(ClipRect(x: 0.6, y: 0, width: 0.5, height: 0.5) == nil)
        #expect(ClipRect(x: 0, y: 0, width: .nan, height: 0.5) == nil)
    }

    @Test func rot13RoundTrip() {
        #expect(MediaReferences.rot13("https://Example.com/A-Z?q=1") == "uggcf://Rknzcyr.pbz/N-M?d=1")
        #expect(MediaReferences.rot13(MediaReferences.rot13("Ünïcode ok")) == "Ünïcode ok")
    }
}
