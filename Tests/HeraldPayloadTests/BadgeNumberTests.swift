import Testing

@testable import HeraldPayload

/// `aps.badge` is read by its value, as JSON and Docs/schemas/push.schema.json read it: a
/// whole number however it is written is accepted; a fraction, a negative or a number past
/// what the model holds is refused with a message that says which (QA finding F6). (Past the
/// store's 2147483647 the stage leaves the count alone with a warning, as before.)
@Suite struct BadgeNumberTests {
    static func push(_ badge: String) -> String {
        #"{"aps":{"alert":{"body":"x"},"mutable-content":1,"badge":"# + badge + "}}"
    }

    static func refusal(_ badge: String) -> String? {
        do {
            _ = try APNsPayload.parse(Self.push(badge))
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("1e2", 100), ("2.0", 2), ("3E0", 3), ("1000e-1", 100), ("1.5e1", 15), ("0.0", 0), ("-0", 0), ("0e99", 0),
        ("2147483647", 2_147_483_647), ("2.147483647e9", 2_147_483_647), ("7", 7),
        ("9223372036854775807", Int.max), ("9.223372036854775807e18", Int.max),
    ])
    func wholeNumbersAreAcceptedHoweverWritten(literal: String, value: Int) throws {
        let p = try APNsPayload.parse(Self.push(literal))
        #expect(p.aps.badge == value)
    }

    @Test func fractionsAreRefusedAsNotWhole() {
        for literal in ["2.5", "1e-1", "0.001", "15e-1", "-1.5"] {
            #expect(Self.refusal(literal)?.contains("\"badge\" must be a whole number, found \(literal)") == true, "\(literal)")
        }
    }

    @Test func tooLargeNumbersSayTheRange() {
        for literal in ["9223372036854775808", "99999999999999999999999", "1e19", "1e400", "9.3e18"] {
            let message = Self.refusal(literal)
            #expect(message?.contains("\"badge\" is outside 0…9223372036854775807, found \(literal)") == true, "\(message ?? "accepted")")
            #expect(message?.contains("whole number") == false)
        }
    }

    @Test func negativesAreRefusedAsNegative() {
        for literal in ["-1", "-1e2", "-2.0"] {
            #expect(Self.refusal(literal)?.contains("\"badge\" must not be negative, found \(literal)") == true, "\(literal)")
        }
    }

    @Test func aLongLiteralIsCutInTheMessage() {
        let literal = String(repeating: "9", count: 500)
        let message = Self.refusal(literal) ?? ""
        #expect(message.contains("is outside 0…9223372036854775807"))
        #expect(message.count < 200)
    }
}
