import HeraldSealing
import Testing

/// `SealingAlgorithm.accepted`, what `herald render --algorithms` reads (Docs/cli.md):
/// default all, short and full names, rot13 only with the unsealed opt-in.
@Suite struct AlgorithmListTests {
    @Test func namesAndDefaults() throws {
        #expect(try SealingAlgorithm.accepted(nil, allowUnsealed: false) == Set(SealingAlgorithm.allCases))
        #expect(try SealingAlgorithm.accepted("hpke, aes-gcm", allowUnsealed: false) == [.hpke, .aesGCM])
        #expect(try SealingAlgorithm.accepted("aes-256-gcm", allowUnsealed: false) == [.aesGCM])
        #expect(try SealingAlgorithm.accepted("rot13", allowUnsealed: true) == [.rot13])
    }

    @Test func problemsAreOneLine() {
        func problem(_ text: String) -> String? {
            do { _ = try SealingAlgorithm.accepted(text, allowUnsealed: false) } catch { return error.description }
            return nil
        }
        #expect(problem("des") == "unknown algorithm 'des' (hpke, aes-gcm, rot13)")
        #expect(problem(",") == "none given")
        #expect(problem("rot13")?.hasPrefix("rot13 envelopes can be forged by anyone") == true)
    }
}
