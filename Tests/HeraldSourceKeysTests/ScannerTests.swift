import HeraldDiagnostics
import HeraldLint
import HeraldSourceKeys
import Testing

/// The scan of Swift code for lookups, on snippets written for these tests. Expected keys are
/// the ones Xcode derives (its extraction of `String(localized:)` and SwiftUI keys: `%@` for a
/// String, `%lld` for an Int, `%lf` for a Double, a literal `%` doubled when there is an
/// interpolation), written out by hand here.
@Suite struct ScannerTests {
    func scan(_ text: String, file: String = "App/View.swift") -> CodeLookups {
        SourceKeyScanner.scan(sources: [(file, text)])
    }

    func only(_ text: String) throws -> CodeLookup {
        let found = scan(text)
        #expect(found.lookups.count == 1, "\(found.lookups)")
        return try #require(found.lookups.first)
    }

    @Test func nsLocalizedStringWithTableAndValue() throws {
        let l = try only(#"let t = NSLocalizedString("settings.title", tableName: "Settings", bundle: .main, value: "Settings", comment: "Title")"#)
        #expect(l.api == "NSLocalizedString")
        #expect(l.literalKey == "settings.title")
        #expect(l.tableName == "Settings")
        #expect(l.defaultValue == "Settings")
        #expect(l.origin == Origin(file: "App/View.swift", line: 1, column: 27))
        let plain = try only(#"let t = NSLocalizedString("Done", comment: "")"#)
        #expect(plain.tableName == "Localizable" && plain.defaultValue == nil)
        // An empty value is no default: NSLocalizedString then returns the key.
        #expect(try only(#"_ = NSLocalizedString("k.x", value: "", comment: "")"#).defaultValue == nil)
    }

    @Test func escapesAreDecoded() throws {
        #expect(try only(#"_ = NSLocalizedString("Say \"hi\"\n", comment: "")"#).literalKey == "Say \"hi\"\n")
        #expect(try only(##"_ = NSLocalizedString(#"C:\path"#, comment: "")"##).literalKey == #"C:\path"#)
    }

    @Test func stringLocalizedDerivesTheKeyOfAnInterpolation() throws {
        let text = """
            func greet(name: String, count: Int, ratio: Double, thing: Thing) -> String {
                let a = String(localized: "Hello \\(name)")
                let b = String(localized: "\\(count) files, \\(ratio) full")
                let c = String(localized: "\\(count)% done")
                let d = String(localized: "Item \\(thing)")
                return a + b + c + d
            }
            """
        let found = scan(text).lookups
        #expect(found.map(\.displayKey) == ["Hello %@", "%lld files, %lf full", "%lld%% done", "Item %@"])
        // The type of `thing` is not evident: every specifier Xcode may write is a candidate.
        #expect(found[3].holes == [nil])
        #expect(found[3].candidateKeys().contains("Item %lld"))
        #expect(found[0].candidateKeys() == ["Hello %@"])
    }

    @Test func stringLocalizedWithTableAndDefault() throws {
        let l = try only(#"let s = String(localized: "onboarding.title", defaultValue: "Welcome", table: "Onboarding", comment: "c")"#)
        #expect(l.literalKey == "onboarding.title" && l.tableName == "Onboarding" && l.defaultValue == "Welcome")
        #expect(try only(#"let s = String.init(localized: "k.y")"#).literalKey == "k.y")
    }

    @Test func resourcesAndKeys() throws {
        let found = scan("""
            let r = LocalizedStringResource("widget.title", defaultValue: "Today", table: "Widget")
            let k = LocalizedStringKey("Open")
            """).lookups
        #expect(found.map(\.literalKey) == ["widget.title", "Open"])
        #expect(found[0].tableName == "Widget" && found[0].defaultValue == "Today")
    }

    @Test func swiftUIViewsAndModifiers() throws {
        let text = """
            struct AboutView: View {
                let count: Int
                var body: some View {
                    VStack {
                        Text("Welcome to the Duck Side!")
                        Text("\\(count) trackers blocked", tableName: "Privacy")
                        Text(verbatim: "not.a.key")
                        Text(title)
                        Button("Cancel") { dismiss() }
                        Label("Settings", systemImage: "gear")
                        Toggle("Enabled", isOn: $on)
                        Text("rating \\(ratio, specifier: "%.1f")")
                    }
                    .navigationTitle("About")
                }
            }
            """
        let found = scan(text)
        // The modifier's call wraps the views: it comes first.
        #expect(found.lookups.map(\.displayKey) == [
            "About", "Welcome to the Duck Side!", "%lld trackers blocked", "Cancel", "Settings", "Enabled", "rating %.1f",
        ])
        #expect(found.lookups[2].tableName == "Privacy")
        #expect(found.lookups.map(\.api) == [".navigationTitle", "Text", "Text", "Button", "Label", "Toggle", "Text"])
        // Text(title) shows a String as it is (the StringProtocol initializer): no lookup at all.
        #expect(found.dynamicLookups == 0)
    }

    @Test func bundleAndNotificationLookups() throws {
        let found = scan("""
            let a = Bundle.main.localizedString(forKey: "alert.title", value: "Alert", table: "Push")
            let b = NSString.localizedUserNotificationString(forKey: "push.body", arguments: [3, "Ann"])
            let c = NSString.localizedUserNotificationString(forKey: "push.plain", arguments: nil)
            """).lookups
        #expect(found.map(\.literalKey) == ["alert.title", "push.body", "push.plain"])
        #expect(found[0].tableName == "Push" && found[0].defaultValue == "Alert")
        #expect(found[1].calls.map(\.arguments) == [[.integer, .object]])
        #expect(found[2].calls.map(\.arguments) == [[]])
    }

    @Test func formatCallsPassArguments() throws {
        let text = """
            func message(count: Int, name: String, level: Float, other: Thing) -> String {
                let a = String(format: NSLocalizedString("files.count", comment: ""), count, name)
                let b = String.localizedStringWithFormat(NSLocalizedString("level", comment: ""), level, 7, "x", other)
                let format = NSLocalizedString("local.format", comment: "")
                let n = 3
                let c = String(format: format, n, items.count)
                let d = String(format: NSLocalizedString("list", comment: ""), arguments: [name])
                return a + b + c + d
            }
            """
        let found = scan(text).lookups
        #expect(found.map(\.literalKey) == ["files.count", "level", "local.format", "list"])
        #expect(found[0].calls.map(\.arguments) == [[.integer, .object]])
        #expect(found[0].calls.first?.origin == Origin(file: "App/View.swift", line: 2, column: 13))
        #expect(found[1].calls.map(\.arguments) == [[.floating, .integer, .object, .unknown]])
        #expect(found[2].calls.map(\.arguments) == [[.integer, .integer]])
        #expect(found[3].calls.map(\.arguments) == [[.object]])
    }

    @Test func formatCallsOfALocalEachCaseAssigns() throws {
        let found = scan("""
            func caption(_ period: Period, date: String) -> String {
                let localized: String
                switch period {
                case .month: localized = NSLocalizedString("renews.monthly", comment: "")
                case .year:
                    if flag { localized = NSLocalizedString("renews.yearly", comment: "") } else { localized = "x" }
                }
                return String(format: localized, date)
            }
            """).lookups
        #expect(found.map(\.literalKey) == ["renews.monthly", "renews.yearly"])
        #expect(found.map { $0.calls.map(\.arguments) } == [[[.object]], [[.object]]])
    }

    @Test func formatCallsNamingAPropertyOfAnotherFile() throws {
        let strings = """
            enum UserText {
                static let filesCount = NSLocalizedString("files.count", value: "%d files", comment: "")
                static var title: String { NSLocalizedString("title", comment: "") }
                static let same = NSLocalizedString("a.b", comment: "")
            }
            enum Other { static let same = NSLocalizedString("c.d", comment: "") }
            """
        let use = """
            func show(n: Int) {
                _ = String(format: UserText.filesCount, n)
                _ = String(format: UserText.title, "x", n)
                _ = String(format: UserText.same, n)
            }
            """
        let found = SourceKeyScanner.scan(sources: [("Strings.swift", strings), ("Use.swift", use)]).lookups
        let byKey = Dictionary(uniqueKeysWithValues: found.map { ($0.literalKey ?? "", $0) })
        #expect(byKey["files.count"]?.calls.map(\.arguments) == [[.integer]])
        #expect(byKey["files.count"]?.calls.first?.origin.file == "Use.swift")
        #expect(byKey["title"]?.calls.map(\.arguments) == [[.object, .integer]])
        // Two properties named `same` hold different keys: which one is meant is not known.
        #expect(byKey["a.b"]?.calls.isEmpty == true && byKey["c.d"]?.calls.isEmpty == true)
    }

    @Test func swiftGenAccessorsAreLookups() throws {
        let strings = """
            public enum L10n {
              public static var cancel: String { return L10n.tr("Localizable", "cancel_label") }
              public static func files(_ p1: Int, _ p2: Any) -> String {
                return L10n.tr("Localizable", "files.count", p1, String(describing: p2))
              }
              private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                let format = Current.localized.string(key, table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            """
        let found = SourceKeyScanner.scan(sources: [("Strings.swift", strings)]).lookups
        #expect(found.map(\.literalKey) == ["cancel_label", "files.count"])
        #expect(found.map(\.api) == ["SwiftGen tr", "SwiftGen tr"])
        #expect(found.map { $0.calls.map(\.arguments) } == [[[]], [[.integer, .object]]])
        // Without SwiftGen's tr declared, another `tr` is not taken for a lookup.
        let other = SourceKeyScanner.scan(sources: [("T.swift", #"let x = tr("a", "b")"#)])
        #expect(other.lookups.isEmpty)
    }

    @Test func dynamicKeysAreCountedNotGuessed() throws {
        let found = scan("""
            func f(key: String, step: Int, table: String) {
                _ = NSLocalizedString(key, comment: "")
                _ = NSLocalizedString("onboarding.step.\\(step)", comment: "")
                _ = NSLocalizedString("fixed", tableName: table, comment: "")
                _ = Bundle.main.localizedString(forKey: key, value: nil, table: nil)
                _ = NSLocalizedString("settings." + key, comment: "")
            }
            """)
        #expect(found.lookups.isEmpty)
        #expect(found.dynamicLookups == 5)
        #expect(found.dynamicSamples.first == Origin(file: "App/View.swift", line: 2, column: 9))
        // The parts are kept: keys the code can build are not unused.
        #expect(found.patterns.matches("onboarding.step.3"))
        #expect(found.patterns.matches("settings.privacy"))
        #expect(!found.patterns.matches("other.key"))
    }

    @Test func literalsAndStringEnumsNameKeys() throws {
        let found = scan("""
            let key = "profile.name"
            enum Key: String { case welcomeTitle, goodbye = "bye.text" }
            enum Plain { case notAKey }
            """)
        #expect(found.literals.isSuperset(of: ["profile.name", "welcomeTitle", "bye.text"]))
        #expect(!found.literals.contains("notAKey"))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let l = try only(#"/* é 😀 */ _ = NSLocalizedString("k.z", comment: "")"#)
        #expect(l.origin.column == 33)
    }

    @Test func columnsOnOneLongLine() throws {
        // Generated code on one line: every lookup's column is counted on from the one before.
        let piece = #"_ = NSLocalizedString("é.k", comment: ""); "#
        let found = scan(String(repeating: piece, count: 2000))
        let width = piece.unicodeScalars.count
        #expect(found.lookups.count == 2000)
        #expect(found.lookups.enumerated().allSatisfy { i, l in l.origin.line == 1 && l.origin.column == i * width + 23 })
    }

    @Test func brokenCodeIsReadAroundItsErrors() throws {
        let found = scan("""
            func f( { let x = NSLocalizedString("still.found", comment: "")
            struct {
            _ = Text("after.error"
            """)
        #expect(found.lookups.map(\.literalKey).contains("still.found"))
    }

    @Test func codeNoDeviceRunsMakesNoLookups() throws {
        let found = scan("""
            struct V: View { var body: some View { Text("shipped.text") } }
            #Preview { Text("preview.text") }
            struct V_Previews: PreviewProvider { static var previews: some View { Text("provider.text") } }
            #if DEBUG
            let a = NSLocalizedString("debug.text", comment: "")
            #else
            let b = NSLocalizedString("release.text", comment: "")
            #endif
            """)
        #expect(found.lookups.map(\.literalKey) == ["shipped.text", "release.text"])
        // Their literals still name keys (a key only a preview names is not called unused).
        #expect(found.literals.isSuperset(of: ["preview.text", "provider.text", "debug.text"]))
        let test = SourceKeyScanner.scan(sources: [("App/Tests/ViewTests.swift", #"let t = Text("test.text")"#)])
        #expect(test.lookups.isEmpty && test.literals.contains("test.text"))
        #expect(SourceKeyScanner.scan(sources: [("App/View.test.swift", #"let t = Text("x.y")"#)]).lookups.isEmpty)
    }
}
