/// The built-in example notifications `herald preview` shows when no
/// `--payload` is given, with the shared-container contents they need (the
/// tickets a lottery push is checked against, the reminder a reminder push
/// names) and a fixed "now", so the preview is the same on every run.
///
/// Prizes are worked out by hand from the operators' prize charts:
/// - lottery-win (Powerball 2026-11-18, 4 11 23 45 61 + PB 9, Power Play 2X):
///   ticket 1 matches 3 + PB ($100 × 2 = $200), ticket 2 matches 2 + PB
///   ($7 × 2 = $14), ticket 3 matches nothing → $214.00 on 2 of 3 tickets,
///   best "3+1".
/// - lottery-jackpot (Loto 6 2026-11-19, 3 7 12 25 33 41 + 19): the one ticket
///   matches all six → 1st prize, pari-mutuel, ¥200,000,000 from the push.
/// - lottery-loss (EuroMillions 2026-11-17, 5 12 23 34 45 + 3 9): two tickets,
///   each matching at most one main number and no star → nothing won.
/// - reminder: due 15 minutes after "now".
/// - message: the legacy ROT13 field of the spy-agency chapter.
///
/// The lottery and message examples are legacy, unsealed input (`Example.unsealed`):
/// the preview renders them with unsealed input allowed, as `herald render` does
/// only with `--allow-unsealed`.
public enum ExampleNotifications {
    public struct Example: Sendable {
        public let name: String
        /// One line saying what the push shows (`herald examples` lists it).
        public let summary: String
        /// The push as it arrives (JSON text).
        public let payload: String
        /// Whether the example is legacy, unsealed input (a plaintext `herald` object,
        /// the ROT13 `custom-encrypted-message`): it renders only with unsealed input
        /// allowed (`herald render --allow-unsealed`, `StageConfiguration.allowUnsealed`).
        public let unsealed: Bool
    }

    public struct ExampleTicket: Sendable {
        public let game: String
        public let draw: String
        public let numbers: [Int]
        public let bonus: [Int]
        public let powerPlay: Bool
    }

    public struct ExampleReminder: Sendable {
        public let id: String
        public let title: String
        /// ISO 8601, UTC.
        public let due: String
    }

    /// "Now" for the examples: 2026-11-18T20:45:00Z.
    public static let now = "2026-11-18T20:45:00Z"

    public static let tickets: [ExampleTicket] = [
        ExampleTicket(game: "powerball", draw: "2026-11-18", numbers: [4, 11, 23, 50, 60], bonus: [9], powerPlay: true),
        ExampleTicket(game: "powerball", draw: "2026-11-18", numbers: [4, 11, 1, 2, 3], bonus: [9], powerPlay: true),
        ExampleTicket(game: "powerball", draw: "2026-11-18", numbers: [1, 2, 3, 5, 6], bonus: [10], powerPlay: true),
        ExampleTicket(game: "loto6", draw: "2026-11-19", numbers: [3, 7, 12, 25, 33, 41], bonus: [], powerPlay: false),
        ExampleTicket(game: "euromillions", draw: "2026-11-17", numbers: [1, 2, 3, 4, 5], bonus: [1, 2], powerPlay: false),
        ExampleTicket(game: "euromillions", draw: "2026-11-17", numbers: [6, 7, 8, 10, 12], bonus: [4, 5], powerPlay: false),
    ]

    public static let reminders: [ExampleReminder] = [
        ExampleReminder(id: "D82ED5AE-C363-46AF-9B0D-301C2E21C58E", title: "Call the embassy", due: "2026-11-18T21:00:00Z")
    ]

    public static let all: [Example] = [
        Example(
            name: "lottery-win",
            summary: "Powerball draw: two of the three stored tickets win, with Power Play 2X",
            payload: #"""
                {"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1,"thread-id":"powerball"},
                 "herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9],"multiplier":2}}
                """#, unsealed: true),
        Example(
            name: "lottery-jackpot",
            summary: "Loto 6 draw: the stored ticket matches all six; the jackpot amount comes in the push",
            payload: #"""
                {"aps":{"alert":{"body":"New results are in"},"mutable-content":1},
                 "herald":{"kind":"lottery.draw","game":"loto6","draw":"2026-11-19","numbers":[3,7,12,25,33,41],"bonus":[19],
                           "prizes":{"jackpot":{"amount":200000000,"currency":"JPY"}}}}
                """#, unsealed: true),
        Example(
            name: "lottery-loss",
            summary: "EuroMillions draw: neither stored ticket wins",
            payload: #"""
                {"aps":{"alert":{"body":"New results are in"},"mutable-content":1},
                 "herald":{"kind":"lottery.draw","game":"euromillions","draw":"2026-11-17","numbers":[5,12,23,34,45],"bonus":[3,9]}}
                """#, unsealed: true),
        Example(
            name: "reminder",
            summary: "an older sender's reminder-uuid: the stored reminder, due in 15 minutes",
            payload: #"""
                {"aps":{"alert":{"body":"A reminder is due"},"mutable-content":1,"badge":1},
                 "reminder-uuid":"D82ED5AE-C363-46AF-9B0D-301C2E21C58E"}
                """#, unsealed: false),
        Example(
            name: "message",
            summary: "an older sender's custom-encrypted-message (ROT13), shown as a decrypted message",
            payload: #"""
                {"aps":{"alert":{"body":"New message"},"mutable-content":1},
                 "custom-encrypted-message":"Gur rntyr unf ynaqrq. Zrrg ng gur hfhny cynpr ng 21:00."}
                """#, unsealed: true),
    ]
}
