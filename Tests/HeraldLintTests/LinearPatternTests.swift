import Foundation
@testable import HeraldLint
import Testing

/// The `patterns` matcher against matches worked out by hand, its refusals, and its bound:
/// steps grow with the text, never with backtracking.
@Suite struct LinearPatternTests {
    func first(_ pattern: String, _ text: String) throws -> String? {
        try LinearPattern(pattern).firstMatch(in: text).match.map(String.init)
    }

    @Test func matchesWhatIsWorkedOutByHand() throws {
        #expect(try first("!{2,}", "Gewonnen!!! Jetzt") == "!!!")
        #expect(try first("!{2,}", "Gewonnen! Jetzt!") == nil)
        #expect(try first("a.c", "xxabcx") == "abc")
        #expect(try first("a.c", "a\nc") == nil)
        #expect(try first("[a-c]+", "xxcabd") == "cab")
        #expect(try first("[^a-z ]+", "ab 12c") == "12")
        #expect(try first("\\d+", "Los ٣٤ Nr 12") == "٣٤")  // Arabic-Indic digits are decimal digits
        #expect(try first("\\w+", "  über_1 x") == "über_1")
        #expect(try first("\\s\\S", "a  b") == " b")
        #expect(try first("\\.\\.\\.", "Wait... now") == "...")
        #expect(try first("\\\\n", "a \\n b") == "\\n")
        #expect(try first("colou?r", "the color") == "color")
        #expect(try first("ab{2}c", "abbbc abbc") == "abbc")
        #expect(try first("ab{1,2}c", "abbbc") == nil)
        #expect(try first("x{0,}y", "xxxy") == "xxxy")
        #expect(try first("(Sie|Ihr|Ihnen)", "Haben Ihnen") == "Ihnen")
        #expect(try first("cat|category", "category") == "cat")  // leftmost, alternatives in order
        #expect(try first("^Hallo", "Ja, Hallo") == nil)
        #expect(try first("^Hallo", "Ja,\nHallo") == "Hallo")  // ^ and $ at line starts and ends
        #expect(try first(" $", "Hallo \nWelt") == " ")
        #expect(try first("[]x]", "a]") == "]")
        #expect(try first("[a\\-z]", "b-") == "-")
        #expect(try first("é", "cafe\u{301} café") == "é")  // scalars: the decomposed e + ◌́ is not é
        #expect(try first("(a|b)*c", "ababac") == "ababac")
    }

    @Test func refusesWhatIsNotLinear() {
        func problem(_ pattern: String) -> String? {
            do { _ = try LinearPattern(pattern); return nil } catch { return error.message }
        }
        #expect(problem("(a)\\1") == "a backreference \"\\1\" (not supported: it cannot be matched in linear time) at character 4")
        #expect(problem("a(?=b)") == "a \"(?\" group (lookaround, named or flagged groups are not supported) at character 3")
        #expect(problem("a*?") == "a quantifier right after a quantifier (lazy and possessive quantifiers are not supported) at character 3")
        #expect(problem("\\bword") == "an unsupported escape \"\\b\" (supported: \\d \\w \\s \\D \\W \\S \\n \\t and an escaped punctuation mark) at character 1")
        #expect(problem("*a") == "\"*\" with nothing to repeat (write \\* for the character) at character 1")
        #expect(problem("a{101}") == "a repetition count over 100 at character 6")
        #expect(problem("a{3,2}") == "a repetition {3,2} whose maximum is below its minimum at character 7")
        #expect(problem("(ab") == "a \"(\" that is not closed at character 4")
        #expect(problem("ab)") == "an unmatched \")\" at character 3")
        #expect(problem("[z-a]") == "a range \"z-a\" that runs backwards at character 5")
        #expect(problem("[ab") == "a \"[\" that is not closed at character 4")
        #expect(problem("") == "the pattern is empty")
        for everything in ["a*", "\\s*$", "^", "$", "^$", "(x|)"] {
            #expect(problem(everything) == "the pattern matches an empty text, so it would report every text (write + for *, or name what it must find)")
        }
        #expect(problem(String(repeating: "a", count: 1_001)) == "the pattern is 1001 characters long, over the limit of 1000")
        #expect(problem("((a{100}){100}){100}") == "the pattern's repetitions expand to more than 20000 steps; repeat less")
        #expect(problem("(a{100}){100}") == nil)
    }

    @Test func pathologicalPatternsStayLinear() throws {
        let text = String(repeating: "a", count: 100_000)
        for source in ["(a*)*b", "(a|a)*b", "(a+)+b", "(a?){50}a{50}b"] {
            let p = try LinearPattern(source)
            let (match, steps) = p.firstMatch(in: text)
            #expect(match == nil)
            // At most every instruction added and run once per position.
            #expect(steps <= 2 * p.programSize * (text.unicodeScalars.count + 1), "\(source): \(steps) steps")
        }
        let p = try LinearPattern("(a*)*b")
        let (match, _) = p.firstMatch(in: text + "b")
        #expect(match?.count == 100_001)
    }
}
