/// One thing worth telling the user, in the one shape every layer uses: the table
/// readers, the renderer, the linter, the media references and the stage.
///
/// A diagnostic names the rule it comes from (a stable id a configuration or a
/// program can match on), how much it matters, where it is (a place in a file, or
/// a JSON pointer into a payload) and what it concerns (a locale, a table, a key).
/// Its message is one line of plain text; text quoted from an input in it is
/// already escaped (`Excerpt`).
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A stable rule id such as `missing-argument` or `duplicate-key`.
    ///
    /// Each module declares the rules it reports as static members
    /// (`extension Diagnostic.Rule { public static let duplicateKey = Self("duplicate-key") }`),
    /// so that code matches rules by name, never by a string literal.
    public struct Rule: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The id as written in output and configurations.
        public let rawValue: String
        /// Makes a rule from its id.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Makes a rule from its id.
        public init(_ id: String) { self.rawValue = id }
        /// The id.
        public var description: String { rawValue }
        /// Orders rules by id.
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// How much a diagnostic matters.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// Something is broken or dropped: a run that checks fails.
        case error
        /// It may not show what was meant: a strict run fails.
        case warning
        /// For information.
        case note

        /// Orders `note` < `warning` < `error`.
        public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }
    }

    /// Where a diagnostic points.
    public enum Location: Sendable, Hashable, CustomStringConvertible {
        /// A place in a file (line and column 0 when it is about the whole file).
        case file(Origin)
        /// A JSON pointer into the document being processed (`/herald/media/1/role`).
        case pointer(String)

        /// `file:line:col`, or the pointer.
        public var description: String {
            switch self {
            case .file(let origin): return origin.description
            case .pointer(let pointer): return pointer.isEmpty ? "/" : pointer
            }
        }
    }

    /// What a diagnostic is about, when it is about translations: each part may be absent.
    public struct Subject: Sendable, Hashable {
        /// The localization as its folder or catalog names it ("pt-BR", "Base").
        public var locale: String?
        /// The table (`Localizable`).
        public var table: String?
        /// The key.
        public var key: String?

        /// Makes a subject.
        public init(locale: String? = nil, table: String? = nil, key: String? = nil) {
            self.locale = locale
            self.table = table
            self.key = key
        }
    }

    /// The rule that found it.
    public var rule: Rule
    /// How much it matters.
    public var severity: Severity
    /// What is wrong and what was done about it, in one line.
    public var message: String
    /// Where, when there is a where.
    public var location: Location?
    /// The locale, table and key concerned.
    public var subject: Subject
    /// True when a device drops the whole file this points into because of it (Apple
    /// drops a `.strings` file on any syntax error), not just one entry.
    public var dropsFile: Bool

    /// Makes a diagnostic.
    public init(
        _ rule: Rule, _ severity: Severity, _ message: String, at location: Location? = nil,
        subject: Subject = Subject(), dropsFile: Bool = false
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.subject = subject
        self.dropsFile = dropsFile
    }

    /// The origin in a file, when the diagnostic points into one.
    public var origin: Origin? {
        if case .file(let origin) = location { return origin }
        return nil
    }

    /// `location: severity: message [rule]` on one line, as compilers print it
    /// (without the location when there is none). Line breaks in the message
    /// are written as `\n` and `\r`.
    public var description: String {
        var line = ""
        if let location { line += "\(location): " }
        line += "\(severity.rawValue): "
        // Most messages hold no line break: appended whole, not scalar by scalar (an import
        // of tens of thousands of findings spent a tenth of its time here).
        if message.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            for scalar in message.unicodeScalars {
                switch scalar {
                case "\n": line += "\\n"
                case "\r": line += "\\r"
                default: line.unicodeScalars.append(scalar)
                }
            }
        } else {
            line += message
        }
        return line + " [\(rule.rawValue)]"
    }
}
