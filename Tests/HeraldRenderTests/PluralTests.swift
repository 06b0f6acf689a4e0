import HeraldICU
import HeraldRender
import HeraldTables
import Testing

// Categories: CLDR 42's plural rules and selections checked with ICU 72 (Docs/locales.md).
// Each form names its category so the test reads which one was chosen.
let allForms: [PluralCategory: String] = [
    .zero: "zero:%d", .one: "one:%d", .two: "two:%d", .few: "few:%d", .many: "many:%d", .other: "other:%d",
]

func category(_ locale: String, _ value: RenderArgument, type: String? = "d", forms: [PluralCategory: String] = allForms) -> PluralCategory? {
    render(plural(type: type, forms), locale, [value], options: RenderOptions(isolateArguments: false)).plural["v"]
}

@Suite struct PluralTests {
    @Test func english() {
        #expect(category("en", n(1)) == .one)
        #expect(category("en", n(2)) == .other)
        // Apple's zero override: integer 0 with an integer value type.
        #expect(category("en", n(0)) == .zero)
        #expect(category("en", n(0), forms: [.one: "one", .other: "other"]) == .other)
        // 0.0 with value type f → other (Apple forum, spec §2 POLICY).
        #expect(category("en", d("0"), type: "f") == .other)
        // "1" formatted by .1f is "1.0" → other in English.
        let r = render(plural(type: ".1f", [.one: "%.1f mile", .other: "%.1f miles"]), "en", [n(1)])
        #expect(r.text == "1.0 miles")
        #expect(r.plural["v"] == .other)
        // Value type f without a precision, forms printing %d: the number as seen is "1" → one
        // (Docs/locales.md: the shortest decimal when nothing states a precision).
        #expect(category("en", n(1), type: "f") == .one)
        #expect(category("en", n(1), type: "f", forms: [.one: "one:%f", .other: "other:%f"]) == .other)
    }

    @Test func arabic() {
        // ar: zero 0 · one 1 · two 2 · few n%100=3..10 · many 11..99 · 102 → other · 1234 → many
        let expected: [(Int64, PluralCategory)] = [(0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many), (100, .other), (102, .other), (1234, .many)]
        for (v, c) in expected { #expect(category("ar", n(v)) == c, "ar \(v)") }
        // The requested locale formats: ar-EG shows Arabic-Indic digits.
        let r = render(plural(type: "d", [.few: "%d ملفات", .other: "%d ملف"]), "ar-EG", [n(3)], options: RenderOptions(isolateArguments: false))
        #expect(r.text == "٣ ملفات")
    }

    @Test func welsh() {
        let expected: [(Int64, PluralCategory)] = [(0, .zero), (1, .one), (2, .two), (3, .few), (6, .many), (4, .other), (5, .other), (7, .other)]
        for (v, c) in expected { #expect(category("cy", n(v)) == c, "cy \(v)") }
    }

    @Test func irish() {
        let expected: [(Int64, PluralCategory)] = [(1, .one), (2, .two), (3, .few), (6, .few), (7, .many), (10, .many), (11, .other)]
        for (v, c) in expected { #expect(category("ga", n(v)) == c, "ga \(v)") }
    }

    @Test func slovenian() {
        let expected: [(Int64, PluralCategory)] = [(1, .one), (101, .one), (2, .two), (102, .two), (3, .few), (4, .few), (5, .other), (11, .other)]
        for (v, c) in expected { #expect(category("sl", n(v)) == c, "sl \(v)") }
        #expect(category("sl", d("1.5"), type: nil) == .few)  // v != 0 → few
    }

    @Test func lithuanian() {
        let expected: [(Int64, PluralCategory)] = [(1, .one), (21, .one), (11, .other), (2, .few), (9, .few), (12, .other), (10, .other)]
        for (v, c) in expected { #expect(category("lt", n(v)) == c, "lt \(v)") }
        #expect(category("lt", d("1.5"), type: nil) == .many)  // f != 0
    }

    @Test func latvian() {
        // lv has a CLDR zero category: 0, 10, 11–19, 20 → zero; 21 → one.
        let expected: [(Int64, PluralCategory)] = [(0, .zero), (10, .zero), (11, .zero), (19, .zero), (21, .one), (1, .one), (2, .other)]
        for (v, c) in expected { #expect(category("lv", n(v)) == c, "lv \(v)") }
    }

    @Test func polish() {
        let expected: [(Int64, PluralCategory)] = [(1, .one), (22, .few), (25, .many), (1234, .few), (12, .many), (0, .zero)]
        for (v, c) in expected { #expect(category("pl", n(v)) == c, "pl \(v)") }
        #expect(category("pl", n(0), forms: [.one: "a", .few: "b", .many: "c", .other: "d"]) == .many)
        #expect(category("pl", d("1.5"), type: nil) == .other)
    }

    @Test func russian() {
        let expected: [(Int64, PluralCategory)] = [(1, .one), (21, .one), (11, .many), (3, .few), (5, .many), (111, .many)]
        for (v, c) in expected { #expect(category("ru", n(v)) == c, "ru \(v)") }
        #expect(category("ru", d("1.5"), type: nil) == .other)
    }

    @Test func czechDecimals() {
        #expect(category("cs", n(1)) == .one)
        #expect(category("cs", n(3)) == .few)
        #expect(category("cs", n(5)) == .other)
        #expect(category("cs", d("1.5"), type: nil) == .many)  // v != 0
        // "1" as .1f is "1.0": v = 1 → many.
        let r = render(plural(type: ".1f", [.one: "%.1f litr", .few: "%.1f litry", .many: "%.1f litru", .other: "%.1f litrů"]), "cs", [n(1)])
        #expect(r.text == "1,0 litru")
        #expect(r.plural["v"] == .many)
        // A string argument keeps its written decimals: "2.50" → many.
        #expect(category("cs", s("2.50"), type: nil) == .many)
    }

    @Test func japanese() {
        for v: Int64 in [0, 1, 2, 100] {
            #expect(category("ja", n(v), forms: [.one: "x", .other: "%d 件"]) == .other)
        }
        #expect(render(plural(type: "d", [.other: "%d 件のメッセージ"]), "ja", [n(1234)]).text == "1,234 件のメッセージ")
    }

    @Test func formsWithoutSpecifierAndSurroundingText() {
        let m = plural("You have %#@v@.", type: "d", [.one: "one new message", .other: "%d new messages"])
        #expect(render(m, "en", [n(1)]).text == "You have one new message.")
        #expect(render(m, "en", [n(1500)]).text == "You have 1,500 new messages.")
    }

    @Test func missingCategoryFallsBackToOther() {
        let r = render(plural(type: "d", [.one: "one", .other: "other %d"]), "ru", [n(3)])
        #expect(r.text == "other 3")
        #expect(r.plural["v"] == .other)
    }

    @Test func twoVariablesAndPositions() {
        let m = Message.plural(
            format: text("%#@files@ in %#@folders@"),
            variables: [
                "files": PluralVariable(name: "files", valueType: "d", forms: [.one: text("%d file"), .other: text("%d files")], origin: origin),
                "folders": PluralVariable(name: "folders", valueType: "d", forms: [.one: text("%d folder"), .other: text("%d folders")], origin: origin),
            ])
        let r = render(m, "en", [n(1), n(3)])
        #expect(r.text == "1 file in 3 folders")
        #expect(r.plural == ["files": .one, "folders": .other])
        let swapped = Message.plural(
            format: text("%2$#@folders@: %1$#@files@"),
            variables: [
                "files": PluralVariable(name: "files", valueType: "d", forms: [.one: text("%1$d file"), .other: text("%1$d files")], origin: origin),
                "folders": PluralVariable(name: "folders", valueType: "d", forms: [.one: text("%2$d folder"), .other: text("%2$d folders")], origin: origin),
            ])
        #expect(render(swapped, "en", [n(5), n(1)]).text == "1 folder: 5 files")
    }

    @Test func nestedVariables() {
        let m = Message.plural(
            format: text("%#@files@"),
            variables: [
                "files": PluralVariable(name: "files", valueType: "d", forms: [.one: text("%d file in %#@folders@"), .other: text("%d files in %#@folders@")], origin: origin),
                "folders": PluralVariable(name: "folders", valueType: "d", forms: [.one: text("%d folder"), .other: text("%d folders")], origin: origin),
            ])
        let r = render(m, "en", [n(2), n(1)])
        #expect(r.text == "2 files in 1 folder")
        #expect(r.plural == ["files": .other, "folders": .one])
    }

    @Test func selfReferenceDoesNotLoop() {
        let m = plural(type: "d", [.other: "%d and %#@v@"])
        let r = render(m, "en", [n(2), n(3)])
        #expect(r.diagnostics.contains { $0.rule.rawValue == "recursion" })
    }

    @Test func aLongChainIsCutAtItsDepthNotCalledACycle() {
        // v0's form names v1, v1's names v2 … v11: no variable names itself, so a message
        // saying 'v8 refers to itself' (what validate printed on the plural-nest benchmark
        // input) sent the translator looking for a cycle that is not there.
        var variables: [String: PluralVariable] = [:]
        for k in 0..<12 {
            let next = k < 11 ? " %#@v\(k + 1)@" : ""
            variables["v\(k)"] = PluralVariable(name: "v\(k)", valueType: "d", forms: [.one: text("%d one\(next)"), .other: text("%d other\(next)")], origin: origin)
        }
        let r = render(Message.plural(format: text("%#@v0@"), variables: variables), "en", (0..<12).map { _ in n(2) })
        let messages = r.diagnostics.filter { $0.rule.rawValue == "recursion" }.map(\.message)
        // v0 … v7 expand (8 levels); v8 is the ninth, named from v7's forms.
        #expect(Set(messages) == ["the message's variables nest more than 8 deep (each named in a form of the one before); 'v8' not expanded"])
        #expect(!messages.contains { $0.contains("refers to itself") })
        // A real cycle is still called one.
        let cycle = Message.plural(format: text("%#@a@"), variables: [
            "a": PluralVariable(name: "a", valueType: "d", forms: [.other: text("%d %#@b@")], origin: origin),
            "b": PluralVariable(name: "b", valueType: "d", forms: [.other: text("%d %#@a@")], origin: origin),
        ])
        #expect(render(cycle, "en", [n(1), n(2), n(3)]).diagnostics.map(\.message).contains("variable 'a' refers to itself through its forms"))
    }

    @Test func theVariableLeftUnexpandedIsTheSameEveryTime() {
        // A tree of 364 variables, three forms each (zero, one, other → v3k+1, v3k+2, v3k+3),
        // is more than the 256 expansions a message may make. Expanded depth first in CLDR
        // order, v3 is the 244th expansion and v12 would be the 325th (counted by a short
        // preorder walk of the tree), so rendering 2 (other → v3 → v12) meets v12 not
        // expanded. The forms' dictionary order differs between dictionaries, so before,
        // each build of the same message could stop somewhere else.
        func message() -> Message {
            var variables: [String: PluralVariable] = [:]
            for k in 0..<364 {
                let forms: [PluralCategory: SourceText] = 3 * k + 3 <= 363
                    ? [.zero: text("%#@v\(3 * k + 1)@"), .one: text("%#@v\(3 * k + 2)@"), .other: text("%#@v\(3 * k + 3)@")]
                    : [.one: text("%d x"), .other: text("%d xs")]
                variables["v\(k)"] = PluralVariable(name: "v\(k)", valueType: "d", forms: forms, origin: origin)
            }
            return Message.plural(format: text("%#@v0@"), variables: variables)
        }
        for _ in 0..<12 {
            let r = render(message(), "en", [n(2)])
            let first = r.diagnostics.first { $0.rule.rawValue == "recursion" }
            #expect(first?.message.contains("'v12' not expanded") == true, "\(first?.message ?? "none")")
        }
    }

    @Test func xcstringsSubstitutions() {
        // "%#@photos@ from %2$@" with photos argNum 1, formatSpecifier lld, %arg in the forms.
        let m = Message.plural(
            format: text("%1$#@photos@ from %2$@"),
            variables: [
                "photos": PluralVariable(name: "photos", valueType: "lld", argNum: 1, forms: [.one: text("%arg photo"), .other: text("%arg photos")], origin: origin)
            ])
        let r = render(m, "de", [n(1200), s("Ana")])
        #expect(r.text == "1.200 photos from Ana")
        #expect(r.diagnostics.isEmpty)
        #expect(render(m, "de", [n(1), s("Ana")]).text == "1 photo from Ana")
        // argNum 2: the variable reads the second argument wherever it stands.
        let second = Message.plural(
            format: text("%1$@: %#@n@"),
            variables: ["n": PluralVariable(name: "n", valueType: "lld", argNum: 2, forms: [.one: text("%arg item"), .other: text("%arg items")], origin: origin)])
        #expect(render(second, "en", [s("Cart"), n(1)]).text == "Cart: 1 item")
    }

    @Test func widthVariants() {
        let m = Message.widths([
            .init(width: 1, message: plain("Hi")), .init(width: 22, message: plain("Hello")), .init(width: 53, message: plain("Greetings")),
        ])
        // spec §2: largest key ≤ width, else the smallest; 55 → Greetings (doc bug noted).
        #expect(render(m, "en", [], options: RenderOptions(width: 2)).text == "Hi")
        #expect(render(m, "en", [], options: RenderOptions(width: 0)).text == "Hi")
        #expect(render(m, "en", [], options: RenderOptions(width: 30)).text == "Hello")
        #expect(render(m, "en", [], options: RenderOptions(width: 55)).text == "Greetings")
    }

    @Test func deviceVariants() {
        let m = Message.devices([
            "iphone": plain("Tap"), "mac": plain("Click"), "other": plural(type: "d", [.one: "%d thing", .other: "%d things"]),
        ])
        #expect(render(m, "en", [n(1)]).text == "Tap")
        #expect(render(m, "en", [n(1)], options: RenderOptions(device: "mac")).text == "Click")
        #expect(render(m, "en", [n(2)], options: RenderOptions(device: "applewatch")).text == "2 things")
    }
}
