import HeraldICU
import HeraldRender
import HeraldTables
import Testing

@Suite struct CatalogRenderTests {
    let catalog = TestCatalog(tables: [
        "en": [
            "Localizable": [
                "greeting": plain("Hello %@"),
                "count": plural(type: "d", [.one: "%d new message", .other: "%d new messages"]),
                "only-en": plain("English only"),
            ],
            "Notifications.icu": [
                "won": plain("{name} won {amount, number, ::currency/EUR}"),
                "items": plain("{0, plural, one {# item} other {# items}} for {1}"),
                "broken": plain("{0, plural, one {# item"),
            ],
        ],
        "ar": [
            "Localizable": [
                "greeting": plain("مرحبا %@"),
                "count": plural(type: "d", [.zero: "لا رسائل", .one: "رسالة واحدة", .two: "رسالتان", .few: "%d رسائل", .many: "%d رسالة", .other: "%d رسالة"]),
            ]
        ],
        "pt-PT": ["Localizable": ["greeting": plain("Olá %@")]],
        "de": ["Notifications.icu": ["items": plain("{0, plural, one {# Artikel} other {# Artikel}} für {1}")]],
    ])

    @Test func servedByAndRequestedLocaleFormatsNumbers() throws {
        let r = Renderer(catalog: catalog)
        let eg = try r.render(key: "count", locale: loc("ar-EG"), arguments: [n(5)])
        #expect(eg.servedBy == "ar")
        #expect(eg.text == "\u{2068}٥\u{2069} رسائل")
        #expect(eg.plural["v"] == .few)
        let off = try r.render(key: "count", locale: loc("ar-EG"), arguments: [n(5)], options: RenderOptions(isolateArguments: false))
        #expect(off.text == "٥ رسائل")
        let zero = try r.render(key: "count", locale: loc("ar"), arguments: [n(0)])
        #expect(zero.text == "لا رسائل")
        let pt = try r.render(key: "greeting", locale: loc("pt-PT"), arguments: [s("Ana")])
        #expect(pt.servedBy == "pt-PT")
        #expect(pt.text == "Olá Ana")
        // An RTL table isolates a Latin name.
        let ar = try r.render(key: "greeting", locale: loc("ar"), arguments: [s("Ana")])
        #expect(ar.text == "مرحبا \u{2068}Ana\u{2069}")
    }

    @Test func fallbackToDevelopmentLanguage() throws {
        let r = Renderer(catalog: catalog)
        let fr = try r.render(key: "only-en", locale: loc("fr-FR"), arguments: [])
        #expect(fr.servedBy == "en")
        #expect(fr.text == "English only")
        // Served by English, requested German: English forms, German digits.
        let de = try r.render(key: "count", locale: loc("de-DE"), arguments: [n(1234)])
        #expect(de.text == "1.234 new messages")
        #expect(de.servedBy == "en")
    }

    @Test func keyMissing() {
        let r = Renderer(catalog: catalog)
        #expect(throws: RenderError.self) { try r.render(key: "nope", locale: loc("de"), arguments: []) }
        do {
            _ = try r.render(key: "nope", locale: loc("ar-EG"), arguments: [])
        } catch {
            if case .keyMissing(let key, let table, _, let tried, let otherTables) = error {
                #expect(otherTables.isEmpty)
                #expect(key == "nope")
                #expect(table == "Localizable")
                #expect(tried.contains("ar"))
                #expect(tried.contains("en"))
            }
        }
    }

    @Test func cachedOncePerLocaleTableKey() throws {
        let r = Renderer(catalog: catalog)
        for i in 0..<5 { _ = try r.render(key: "count", locale: loc("en"), arguments: [n(Int64(i))]) }
        #expect(r.cachedTemplateCount == 1)
        _ = try r.render(key: "count", locale: loc("en-GB"), arguments: [n(1)])
        #expect(r.cachedTemplateCount == 2)
    }

    @Test func icuMessageFormatTables() throws {
        let r = Renderer(catalog: catalog)
        let won = try r.render(key: "won", table: "Notifications.icu", locale: loc("de-DE"), arguments: [s("Ana"), d("1234.5")])
        #expect(won.text == "Ana won 1.234,50\u{A0}€")
        let items = try r.render(key: "items", table: "Notifications.icu", locale: loc("en"), arguments: [s("1"), s("Bo")])
        #expect(items.text == "1 item for Bo")
        let many = try r.render(key: "items", table: "Notifications.icu", locale: loc("de"), arguments: [n(1234), s("{0} %d")])
        #expect(many.text == "1.234 Artikel für {0} %d")
        // A pattern that does not parse fails the render (never its pattern shown), saying why.
        #expect {
            try r.render(key: "broken", table: "Notifications.icu", locale: loc("en"), arguments: [n(1)])
        } throws: { error in
            guard case .formatFailed(let key, _, _, _, let reason) = error as? RenderError else { return false }
            return key == "broken" && reason.contains("does not parse")
        }
    }
}

@Suite struct HostileTests {
    @Test func icuPatternWithoutArguments() {
        let r = Renderer.renderUncached(message: plain("No arguments at all"), locale: loc("en"), arguments: [s("extra")], icu: true)
        #expect(r.text == "No arguments at all")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "unused-argument" })
    }

    @Test func icuNamedArgumentsBindInOrderOfFirstUse() {
        let m = plain("{sender} sent {count, plural, one {# photo} other {# photos}} to {sender}")
        let r = Renderer.renderUncached(message: m, locale: loc("en"), arguments: [s("Ana"), s("1")], icu: true)
        #expect(r.text == "Ana sent 1 photo to Ana")
        let missing = Renderer.renderUncached(message: m, locale: loc("en"), arguments: [s("Ana")], icu: true)
        #expect(missing.diagnostics.contains { $0.rule.rawValue == "missing-argument" })
        #expect(!missing.text.contains("{"))
        let none = Renderer.renderUncached(message: plain("Hi {0}!"), locale: loc("en"), arguments: [], icu: true)
        #expect(none.text == "Hi !")
    }

    @Test func percentNInTemplateIsNotAConversion() {
        let r = render(plain("a %n b"), "en", [])
        #expect(r.text == "a %n b")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "invalid-specifier" })
    }

    @Test func payloadLooksLikeFormats() {
        let m = plural("%#@v@ from %@", type: "d", [.one: "%d message", .other: "%d messages"])
        let r = render(m, "en", [n(2), s("%1$@ %#@v@ {0} %n %999999999d")])
        #expect(r.text == "2 messages from %1$@ %#@v@ {0} %n %999999999d")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func unknownVariableShowsTheArgument() {
        let m = Message.plural(format: text("%#@nope@ left"), variables: [:])
        let r = render(m, "en", [n(3)])
        #expect(r.text == "3 left")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "unknown-variable" })
    }

    @Test func nonFiniteAndHugeNumbers() {
        let inf = render(plain("%d"), "en", [.number(.double(.infinity))])
        #expect(inf.text == "0")
        #expect(inf.diagnostics.contains { $0.rule.rawValue == "not-a-number" })
        let big = render(plain("%lld"), "en", [d("1e30")])
        #expect(big.diagnostics.contains { $0.rule.rawValue == "integer-overflow" })
        let pluralNaN = render(plural(type: "f", [.one: "one", .other: "other"]), "en", [.number(.double(.nan))])
        #expect(pluralNaN.text == "other")
    }

    @Test func emptyAndMissingForms() {
        let r = render(plural(type: "d", [.one: "one only"]), "en", [n(5)])
        #expect(r.text == "one only")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "plural-form-missing" })
        let none = render(Message.devices([:]), "en", [])
        #expect(none.text == "")
        #expect(none.diagnostics.contains { $0.rule.rawValue == "no-variant" })
    }
}

@Suite struct FanOutTests {
    @Test func variablesThatFanOutAreBounded() {
        // v0's forms use v1 twice, v1's use v2 twice … 12 levels: 2^12 expansions without a bound.
        var variables: [String: PluralVariable] = [:]
        for i in 0..<12 {
            let next = "%#@v\(i + 1)@ %#@v\(i + 1)@"
            variables["v\(i)"] = PluralVariable(
                name: "v\(i)", valueType: "d", forms: [.one: text(next), .other: text(next)], origin: origin)
        }
        variables["v12"] = PluralVariable(name: "v12", valueType: "d", forms: [.other: text("x")], origin: origin)
        let r = render(Message.plural(format: text("%#@v0@"), variables: variables), "en", [n(1)])
        #expect(r.diagnostics.contains { $0.rule.rawValue == "recursion" })
        #expect(r.text.utf8.count < 100_000)
    }
}

@Suite struct DiagnosticTests {
    @Test func oneNotANumberReportPerArgument() {
        let r = render(plural(type: "d", [.one: "%d file", .other: "%d files"]), "en", [s("lots")])
        #expect(r.text == "lots files")
        #expect(r.diagnostics.filter { $0.rule.rawValue == "not-a-number" }.count == 1)
        #expect(r.plural["v"] == .other)
    }
}
