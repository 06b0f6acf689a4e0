public import HeraldDiagnostics

/// What an app's code looks up in its tables, as `herald validate --sources DIR` reads it
/// (HeraldSourceKeys makes it from Swift code; the linter compares it with the tables).
public struct CodeLookups: Sendable {
    /// Every lookup whose key is written out (a literal, or an interpolation whose key is derived).
    public var lookups: [CodeLookup] = []
    /// Every string literal of the code without interpolation (and the implicit raw values of
    /// `String` enums): a key equal to one of them may be looked up in a way the scan does not
    /// follow (a wrapper function, a key kept in a constant), so it is never called unused.
    public var literals: Set<String> = []
    /// Keys built from parts (`"step.\(n)"`, `"onboarding." + name`): a key they can make is not unused.
    public var patterns = KeyPatterns()
    /// Lookups whose key is not written out (`NSLocalizedString(key, …)`): skipped, counted.
    public var dynamicLookups = 0
    /// Where the first few dynamic lookups are.
    public var dynamicSamples: [Origin] = []
    /// Swift files read.
    public var filesRead = 0
    /// Files that could not be read, or code the parser could not make sense of around a lookup.
    public var problems: [Diagnostic] = []

    /// Nothing found yet.
    public init() {}

    /// How many dynamic lookups keep their place as a sample.
    public static let dynamicSampleCount = 5

    /// Adds another scan's findings (another file).
    public mutating func merge(_ other: CodeLookups) {
        lookups += other.lookups
        literals.formUnion(other.literals)
        patterns.merge(other.patterns)
        dynamicLookups += other.dynamicLookups
        for s in other.dynamicSamples where dynamicSamples.count < Self.dynamicSampleCount { dynamicSamples.append(s) }
        filesRead += other.filesRead
        problems += other.problems
    }
}

/// One lookup in the code: `NSLocalizedString("k", tableName: "T", value: "v", comment: "")`,
/// `Text("Hello \(name)")`, `String(localized: "k", table: "T")`…
public struct CodeLookup: Sendable, Hashable {
    /// The API, as the code spells it (`NSLocalizedString`, `Text`, `String(localized:)`).
    public var api: String
    /// The key: its literal text between the interpolations, one more than `holes`.
    public var segments: [String]
    /// Each interpolation's specifier where the code makes it evident (a literal, a declared
    /// type, SwiftUI's `specifier:`); nil when the value's type is not known here.
    public var holes: [String?]
    /// The table (nil: `Localizable`).
    public var table: String?
    /// The code's default value (`value:`, `defaultValue:`): what shows when no table has the key.
    public var defaultValue: String?
    /// Where the key is written.
    public var origin: Origin
    /// The format calls that pass the looked-up text arguments (`String(format: …, a, b)`);
    /// empty when no call the scan follows formats it.
    public var calls: [CodeFormatCall] = []

    /// Makes a lookup.
    public init(api: String, segments: [String], holes: [String?] = [], table: String? = nil, defaultValue: String? = nil, origin: Origin) {
        self.api = api
        self.segments = segments
        self.holes = holes
        self.table = table
        self.defaultValue = defaultValue
        self.origin = origin
    }

    /// The table looked in.
    public var tableName: String { table ?? "Localizable" }

    /// The key when it has no interpolation.
    public var literalKey: String? { holes.isEmpty ? segments.first : nil }

    /// The specifiers an interpolation of unknown type may become (Xcode's choice follows the
    /// value's type: `%@` for strings and objects, `%lld` for Int, `%lf` for Double…).
    public static let possibleSpecifiers = ["%@", "%lld", "%lf", "%llu", "%d", "%ld", "%f", "%u", "%lu"]

    /// The keys this lookup may stand for, most likely first: one for a literal; for an
    /// interpolation, every choice of specifier for the holes whose type is not known (at
    /// most `limit` keys; past that only the most likely, `%@` in each unknown hole).
    public func candidateKeys(limit: Int = 81) -> [String] {
        guard !holes.isEmpty else { return [segments.first ?? ""] }
        var keys = [segments[0]]
        for (i, hole) in holes.enumerated() {
            let options = hole.map { [$0] } ?? Self.possibleSpecifiers
            if keys.count * options.count > limit {
                keys = keys.prefix(1).map { $0 + (hole ?? "%@") + segments[i + 1] }
            } else {
                keys = keys.flatMap { k in options.map { k + $0 + segments[i + 1] } }
            }
        }
        return keys
    }

    /// The key as a person reads it: the most likely candidate.
    public var displayKey: String { candidateKeys(limit: 1)[0] }
}

/// A call that formats a looked-up text: the arguments it passes and where it is.
public struct CodeFormatCall: Sendable, Hashable {
    /// The arguments, in order.
    public var arguments: [CodeArgument]
    /// Where the call is.
    public var origin: Origin

    /// Makes one.
    public init(arguments: [CodeArgument], origin: Origin) {
        self.arguments = arguments
        self.origin = origin
    }
}

/// An argument a format call passes, as far as its type is evident in the code.
public enum CodeArgument: Sendable, Hashable {
    /// An integer (a literal, an `Int` parameter or local, `.count`).
    case integer
    /// A floating-point number (a literal, a `Double` parameter or local).
    case floating
    /// An object: a string (a literal, a `String` parameter or local), an NSObject.
    case object
    /// Not known here.
    case unknown

    /// How the type is said in a finding.
    public var label: String {
        switch self {
        case .integer: return "an integer"
        case .floating: return "a floating-point number"
        case .object: return "a string or object"
        case .unknown: return "a value"
        }
    }
}

/// Keys built from a literal part and a computed part: the code can make any key that starts
/// with a prefix (`"onboarding.step.\(n)"`, `"settings." + name`) or ends with a suffix.
/// Only parts without white space count (key-like text, not sentences).
public struct KeyPatterns: Sendable {
    /// Literal beginnings of computed keys.
    public var prefixes: Set<String> = []
    /// Literal endings of computed keys.
    public var suffixes: Set<String> = []
    /// The longest prefix and suffix (bounds the lookups per key).
    private var longestPrefix = 0
    private var longestSuffix = 0

    /// None.
    public init() {}

    /// The shortest part that counts: one or two characters (`"."`, `"_"`) would match every key.
    public static let minimumLength = 3

    /// Adds a prefix, when it reads like part of a key.
    public mutating func addPrefix(_ s: String) {
        guard Self.isKeyLike(s) else { return }
        prefixes.insert(s)
        longestPrefix = max(longestPrefix, s.utf8.count)
    }

    /// Adds a suffix, when it reads like part of a key.
    public mutating func addSuffix(_ s: String) {
        guard Self.isKeyLike(s) else { return }
        suffixes.insert(s)
        longestSuffix = max(longestSuffix, s.utf8.count)
    }

    /// Adds another set.
    public mutating func merge(_ other: KeyPatterns) {
        prefixes.formUnion(other.prefixes)
        suffixes.formUnion(other.suffixes)
        longestPrefix = max(longestPrefix, other.longestPrefix)
        longestSuffix = max(longestSuffix, other.longestSuffix)
    }

    /// At least `minimumLength` characters, no white space, not only punctuation.
    static func isKeyLike(_ s: String) -> Bool {
        s.utf8.count >= minimumLength && !s.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            && s.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// True when the code can build `key` from one of the parts: a lookup per prefix length
    /// of the key up to the longest prefix known (and the same for suffixes), not per pattern.
    public func matches(_ key: String) -> Bool {
        if prefixes.isEmpty && suffixes.isEmpty { return false }
        let bytes = Array(key.utf8)
        if !prefixes.isEmpty {
            for n in stride(from: min(bytes.count - 1, longestPrefix), through: Self.minimumLength, by: -1) {
                if let s = String(validating: bytes[0..<n], as: UTF8.self), prefixes.contains(s) { return true }
            }
        }
        if !suffixes.isEmpty {
            for n in stride(from: min(bytes.count - 1, longestSuffix), through: Self.minimumLength, by: -1) {
                if let s = String(validating: bytes[(bytes.count - n)...], as: UTF8.self), suffixes.contains(s) { return true }
            }
        }
        return false
    }
}
