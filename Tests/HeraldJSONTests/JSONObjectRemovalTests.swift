import HeraldJSON
import Testing

/// Removing many members at once (the stage drops every custom key of a payload that
/// cannot fit): one pass, order kept, lookups still right afterwards.
@Suite struct JSONObjectRemovalTests {
    @Test func removeAllKeepsOrderAndIndex() {
        var o = JSONObject()
        for n in 0..<5_000 { o["k\(n)"] = .int(n) }
        o.removeAll { key, _ in key != "k1" && key != "k4999" && key != "k2500" }
        #expect(o.keys == ["k1", "k2500", "k4999"])
        #expect(o["k2500"] == .int(2500))
        #expect(o["k3"] == nil)
        // The index is rebuilt for what is left: a new key is found, an old one replaced.
        o["k3"] = .int(3)
        o["k1"] = .int(-1)
        #expect(o.keys == ["k1", "k2500", "k4999", "k3"])
        #expect(o["k1"] == .int(-1))
    }
}
