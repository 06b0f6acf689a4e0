import HeraldDiagnostics
import HeraldICU
import Testing

@testable import HeraldTableFormats
@testable import HeraldTableInterchange
@testable import HeraldTables

/// A plural variable's forms are kept as one string and a mark per form; these check that
/// they still behave as the category → text dictionary they replace, and that a message's
/// texts are walked in the order the linter reports them.
@Suite struct PluralFormsTests {
    static let file = "de.lproj/Localizable.stringsdict"
    static func at(_ line: Int, _ column: Int = 5, file: String = Self.file) -> Origin {
        Origin(file: file, line: line, column: column)
    }

    @Test func formsReadBackAsWrittenWithTheirOrigins() {
        // Non-ASCII and empty texts, given out of order: each comes back whole, at its place.
        let forms: PluralForms = [
            .other: SourceText("%d Äpfel 🍎", origin: Self.at(9)),
            .one: SourceText("ein Apfel", origin: Self.at(7)),
            .zero: SourceText("", origin: Self.at(5)),
        ]
        #expect(forms.keys == [.zero, .one, .other])
        #expect(forms.count == 3)
        #expect(forms[.other] == SourceText("%d Äpfel 🍎", origin: Self.at(9)))
        #expect(forms[.one]?.value == "ein Apfel")
        #expect(forms[.zero] == SourceText("", origin: Self.at(5)))
        #expect(forms[.few] == nil)
        #expect(forms.contains(.one) && !forms.contains(.many))
        #expect(forms.map(\.key) == [.zero, .one, .other])
        #expect(forms.values.map(\.origin.line) == [5, 7, 9])
    }

    @Test func longFormsBesideShortOnesReadBackWhole() {
        // Forms over the packed limit keep their own strings; the short ones around them
        // still start and end where they should.
        let long = String(repeating: "Äpfel 🍎 ", count: 100)  // 1,200 UTF-8 bytes
        let limit = String(repeating: "x", count: PluralForms.packedLimit)
        let forms: PluralForms = [
            .zero: SourceText("keine", origin: Self.at(1)),
            .one: SourceText(long, origin: Self.at(2)),
            .two: SourceText(limit, origin: Self.at(3)),
            .few: SourceText(limit + "y", origin: Self.at(4)),
            .many: SourceText("viele", origin: Self.at(5)),
            .other: SourceText(long + "!", origin: Self.at(6)),
        ]
        #expect(forms.map(\.value.value) == ["keine", long, limit, limit + "y", "viele", long + "!"])
        #expect(forms.map(\.value.origin.line) == [1, 2, 3, 4, 5, 6])
        #expect(forms[.many]?.value == "viele")
    }

    @Test func equalWhateverTheOrderTheyWereMadeIn() {
        let a: PluralForms = [.one: SourceText("x", origin: Self.at(1)), .other: SourceText("xs", origin: Self.at(2))]
        var b = PluralForms()
        b[.other] = SourceText("xs", origin: Self.at(2))
        b[.one] = SourceText("x", origin: Self.at(1))
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(a == PluralForms([PluralCategory.one: SourceText("x", origin: Self.at(1)), .other: SourceText("xs", origin: Self.at(2))]))
        // A different origin or text is a different set of forms.
        #expect(a != [.one: SourceText("x", origin: Self.at(1, 6)), .other: SourceText("xs", origin: Self.at(2))])
        #expect(a != [.one: SourceText("x", origin: Self.at(1)), .other: SourceText("xz", origin: Self.at(2))])
        #expect(a != [.one: SourceText("x", origin: Self.at(1))])
    }

    @Test func settingReplacesAndNilRemoves() {
        var forms: PluralForms = [.one: SourceText("a", origin: Self.at(1)), .few: SourceText("b", origin: Self.at(2)), .other: SourceText("c", origin: Self.at(3))]
        forms[.few] = SourceText("bbb", origin: Self.at(4))
        #expect(forms.map(\.value.value) == ["a", "bbb", "c"])
        forms[.one] = nil
        #expect(forms.keys == [.few, .other])
        #expect(forms[.other]?.value == "c" && forms[.few]?.origin.line == 4)
        forms = [:]
        #expect(forms.isEmpty && forms[.other] == nil)
    }

    @Test func formsFromSeveralFilesKeepTheirOwn() {
        // An import may put a form read from an XLIFF beside forms read from the table.
        var forms: PluralForms = [.one: SourceText("a", origin: Self.at(1)), .other: SourceText("b", origin: Self.at(2))]
        forms[.few] = SourceText("c", origin: Self.at(3, file: "import.xliff"))
        forms[.many] = SourceText("d", origin: Self.at(4, file: "other.xliff"))
        #expect(forms.map(\.value.origin.file) == [Self.file, "import.xliff", "other.xliff", Self.file])
        #expect(forms.mapValues { SourceText($0.value.uppercased(), origin: $0.origin) }.map(\.value.value) == ["A", "C", "D", "B"])
    }

    @Test func aMessagesTextsAreWalkedInReportOrder() {
        // Format first, then the variables by name, each one's forms in CLDR order; widths
        // in order; devices by name; phrases as listed.
        let plural = Message.plural(
            format: SourceText("%#@b@ %#@a@", origin: Self.at(1)),
            variables: [
                "b": PluralVariable(name: "b", valueType: "d", forms: [.other: SourceText("b-other", origin: Self.at(2)), .one: SourceText("b-one", origin: Self.at(3))], origin: Self.at(2)),
                "a": PluralVariable(name: "a", valueType: "d", forms: [.other: SourceText("a-other", origin: Self.at(4))], origin: Self.at(4)),
            ])
        #expect(plural.texts.map(\.value) == ["%#@b@ %#@a@", "a-other", "b-one", "b-other"])
        #expect(plural.texts.first?.value == "%#@b@ %#@a@")
        let nested = Message.devices([
            "iphone": .widths([
                .init(width: 20, message: .plain(SourceText("short", origin: Self.at(5)))),
                .init(width: 50, message: plural),
            ]),
            "appletv": .phrases([SourceText("p1", origin: Self.at(6)), SourceText("p2", origin: Self.at(7))]),
        ])
        #expect(nested.texts.map(\.value) == ["p1", "p2", "short", "%#@b@ %#@a@", "a-other", "b-one", "b-other"])
        // A second walk is a whole walk again.
        #expect(Array(nested.texts).count == 7)
        #expect(MessageTexts().first == nil && Array(MessageTexts()).isEmpty)
    }
}
