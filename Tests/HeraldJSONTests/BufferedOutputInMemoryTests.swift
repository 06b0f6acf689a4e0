import HeraldJSON
import Testing

/// `BufferedOutput.inMemory()`: what would have gone to a descriptor is kept, in order,
/// across block flushes (the block holds 64 KiB).
@Test func inMemoryKeepsEveryByteAcrossFlushes() {
    var out = BufferedOutput.inMemory()
    var expected: [UInt8] = []
    for i in 0..<20_000 {
        let piece = "piece \(i);"
        out.write(piece)
        expected += Array(piece.utf8)
    }
    out.writeQuoted("a \"quoted\" end")
    expected += Array(#""a \"quoted\" end""#.utf8)
    #expect(expected.count > 3 * 65_536)
    #expect(out.takeBytes() == expected)
    #expect(out.takeBytes().isEmpty, "taken once")
}
