import Testing

@testable import HeraldPayload

@Suite struct OutputGuardTests {
    @Test func cleanProse() {
        for text in [
            "You won $1,234.50 on 2 of 3 tickets", "50% off today", "100%fun", "Gewinn: 12 500 000,00 €",
            "مبروك! ربحت ١٢٣", "internationalization is 20 letters", "A reminder is due", "%% literally",
            "Call 555-1234", "👨‍👩‍👧‍👦🇫🇷",
        ] {
            #expect(OutputGuard.problems(in: text) == [], "\(text)")
        }
    }

    @Test func leftoverSpecifiers() {
        #expect(OutputGuard.problems(in: "Hello %@") == [.leftoverSpecifier("%@")])
        #expect(OutputGuard.problems(in: "%1$@ won %2$@") == [.leftoverSpecifier("%1$@"), .leftoverSpecifier("%2$@")])
        #expect(OutputGuard.problems(in: "You have %d items") == [.leftoverSpecifier("%d")])
        #expect(OutputGuard.problems(in: "%ld tickets") == [.leftoverSpecifier("%ld")])
        #expect(OutputGuard.problems(in: "%.2f USD") == [.leftoverSpecifier("%.2f")])
        #expect(OutputGuard.problems(in: "You have %#@files@") == [.leftoverSpecifier("%#@files@")])
    }

    @Test func oneReadingOfLeftoversForTheStageAndTheLinter() {
        // Cases where the stage's guard and `herald validate` read text differently before
        // they shared `LeftoverSpecifiers` (expected by hand from printf's grammar: %[n$]
        // [flags][width][.precision][length]conversion).
        let cases: [(String, [String])] = [
            ("%1$done", ["%1$d"]),  // a position makes it a specifier, letter or not
            ("%*d items", ["%*d"]),  // a width read from an argument
            ("%#x", ["%#x"]),  // '#' is a flag
            ("%D and %U", ["%D", "%U"]),  // the old long conversions Foundation still reads
            ("%1$#@files@ left", ["%1$#@files@"]),
            ("%#@not a name@", ["%#@"]),  // no variable (a space in the name): '#' flag and '@'
            ("%dé", []), ("%dж", []),  // a letter of any script after a bare conversion: a word
            ("%d€", ["%d"]),  // a symbol is not a letter
            ("%lld%@", ["%lld", "%@"]),
            ("50% off, 100%fun, %% literally, 100 % los", []),
            ("ends with %", []), ("%1$", []),
        ]
        for (text, leftovers) in cases {
            #expect(LeftoverSpecifiers.all(in: text) == leftovers, "\(text)")
            #expect(OutputGuard.problems(in: text) == leftovers.map { .leftoverSpecifier($0) }, "\(text)")
            var bytes = text
            #expect(bytes.withUTF8 { LeftoverSpecifiers.first(in: $0) } == leftovers.first, "\(text)")
        }
    }

    @Test func identifiersAndKeys() {
        #expect(OutputGuard.problems(in: "Reminder D82ED5AE-C363-46AF-9B0D-301C2E21C58E") == [.uuid("D82ED5AE-C363-46AF-9B0D-301C2E21C58E")])
        #expect(OutputGuard.problems(in: "d82ed5ae-c363-46af-9b0d-301c2e21c58e") == [.uuid("d82ed5ae-c363-46af-9b0d-301c2e21c58e")])
        // A 32-byte key in base64 (44 characters) and a ciphertext.
        let b64 = "q3Vv0bJ8lF2kS9x+T1mN4pR7wYz6aC5dE0fG/hI2jK8="
        #expect(OutputGuard.problems(in: "key: \(b64)") == [.base64Like(b64)])
        let hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
        #expect(OutputGuard.problems(in: hex) == [.hexLike(hex)])
        #expect(OutputGuard.problems(in: "  ") == [.empty])
        #expect(OutputGuard.problems(in: "You won: Uryyb jbeyq", knownSecrets: ["Uryyb jbeyq"]) == [.knownSecret])
        // The byte pre-check never hides a match by characters, and non-ASCII secrets keep the character search.
        #expect(OutputGuard.problems(in: "Uryyb jbeyq", knownSecrets: ["Uryyb jbeyq"]) == [.knownSecret])
        #expect(OutputGuard.problems(in: "xUryyb jbeyq!", knownSecrets: ["short", "Uryyb jbeyq"]) == [.knownSecret])
        #expect(OutputGuard.problems(in: "Uryyb jbeyx and Uryyb jbey", knownSecrets: ["Uryyb jbeyq"]).isEmpty)
        #expect(OutputGuard.problems(in: "Caf\u{65}\u{301} secret!", knownSecrets: ["Caf\u{E9} secret"]) == [.knownSecret])
        #expect(OutputGuard.problems(in: "Café secre", knownSecrets: ["Café secret"]).isEmpty)
        #expect(!OutputGuard.mayContain("abc", "abcd") && OutputGuard.mayContain("xxabcd", "abcd"))
        #expect(!OutputGuard.isClean("%@"))
    }
}

@Suite struct AlertGuardTests {
    @Test func perField() {
        #expect(OutputGuard.problems(in: RenderedAlert(title: "Hi", body: "ok")) == [])
        #expect(OutputGuard.problems(in: RenderedAlert(title: "", body: nil)) == [AlertFieldProblem(field: "body", problem: .empty)])
        #expect(OutputGuard.problems(in: RenderedAlert(title: "%@ won", body: "ok")) == [AlertFieldProblem(field: "title", problem: .leftoverSpecifier("%@"))])
        let p = OutputGuard.problems(in: RenderedAlert(subtitle: "x", body: "Reminder d82ed5ae-c363-46af-9b0d-301c2e21c58e"))
        #expect(p.map(\.field) == ["body"])
    }
}
