import HeraldJSON
import Testing

/// `BufferedOutput.collecting()`: what would have gone to a descriptor is kept, in order,
/// across block flushes (the block holds 64 KiB).
@Test func collectingKeepsEveryByteAcrossFlushes() {
    var out = BufferedOutput.collecting()
    var expected: [UInt8] = []
    for i in 0..<20_000 {
        let piece = "piece \(i);"
        out.write(piece)
        expected += Array(piece.utf8)
    }
    out.writeQuoted("a \"quoted\" end")
    expected += Array(#""a \"quoted\" end""#.utf8)
    #expect(expected.count > 3 * 65_536)
    #expect(out.takeCollected() == expected)
    #expect(out.takeCollected().isEmpty, "taken once")
}
