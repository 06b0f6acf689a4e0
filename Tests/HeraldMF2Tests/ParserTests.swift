import HeraldMF2
import Testing

@Suite struct ParserTests {
    @Test func syntaxErrorsSayWhere() throws {
        #expect(throws: MF2Error.self) { try MF2Parser.parse("hello {") }
        do {
            _ = try MF2Parser.parse(".local $x = {1}\n{{ok}} {{extra}}")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .syntaxError)
            #expect(error.position == MF2Position(line: 2, column: 8))
        }
    }
}
