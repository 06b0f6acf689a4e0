import HeraldICU
import HeraldTables
import Testing

@testable import HeraldRender

/// The linter renders a message with several samples: each sample's argument list is made
/// when its turn comes and dropped after. A plural form of a million `%@` reads a million
/// arguments; all samples' lists made up front held one such list per sample (issue 31 item 14).
@Suite struct RenderListsOneAtATimeTests {
    @Test func eachListIsAskedForJustBeforeItsRendering() throws {
        var events: [String] = []
        Renderer.renderUncached(
            message: plain("%@ and %@"), locale: try LocaleID("en"), listCount: 3,
            argumentList: { i in
                events.append("list \(i)")
                return [.string("a\(i)"), .string("b\(i)")]
            }, options: RenderOptions(isolateArguments: false)
        ) { i, text, _ in
            events.append("render \(i): \(String(decoding: text, as: UTF8.self))")
        }
        #expect(events == ["list 0", "render 0: a0 and b0", "list 1", "render 1: a1 and b1", "list 2", "render 2: a2 and b2"])
    }
}
