public import ArgumentParser
import Glibc

/// One flag of a command that has a quick reader (`herald render`, `herald format`),
/// declared once: the command's `@Option`/`@Flag` take their name and help from it, and
/// `QuickArguments` its name, its kind and where its value goes. A test compares the
/// names ArgumentParser accepts with `names(of:)`.
public struct QuickFlag<Values>: Sendable {
    public typealias Kind = QuickFlagKind

    public let name: String
    public let kind: Kind
    public let help: String
    /// Stores the value (a toggle gets ""); false when it does not parse, so that
    /// ArgumentParser reads the line and explains.
    public let store: @Sendable (inout Values, String) -> Bool

    /// A flag whose value may not parse (`parse` says false).
    public init(_ name: String, _ kind: Kind = .value, help: String, parse: @escaping @Sendable (inout Values, String) -> Bool) {
        (self.name, self.kind, self.help, store) = (name, kind, help, parse)
    }

    /// A flag that takes any value (a toggle gets "").
    public init(_ name: String, _ kind: Kind = .value, help: String, set: @escaping @Sendable (inout Values, String) -> Void) {
        self.init(name, kind, help: help, parse: { set(&$0, $1); return true })
    }

    /// The same flag for an invocation that holds these values at `part` (the common flags
    /// of several commands, declared once).
    public func lifted<Outer>(_ part: any WritableKeyPath<Outer, Values> & Sendable) -> QuickFlag<Outer> {
        let store = self.store
        return QuickFlag<Outer>(name, kind, help: help, parse: { outer, text in store(&outer[keyPath: part], text) })
    }

    /// The flag's name and help as ArgumentParser takes them.
    public var long: NameSpecification { .customLong(name) }
    public var argumentHelp: ArgumentHelp { ArgumentHelp(help) }
}

public enum QuickFlagKind: Sendable {
    /// `--name value`, at most once.
    case value
    /// `--name value`, repeatable, values kept in order.
    case repeating
    /// `--name`, no value.
    case toggle
}

/// The plain command lines `herald render` and `herald format` read without
/// ArgumentParser (its reflection over a command's property wrappers is a fifth of a
/// render's start-up, a quarter of a one-shot format's): only the command's own flags,
/// `--flag value` or `--flag=value`, each at most once unless repeatable, switches without
/// a value. Nil for anything else — help, an unknown or repeated flag, a value that is
/// empty or starts with `-` (other than `-` for standard input), a value given to a
/// switch, a value that does not parse — so that ArgumentParser parses and explains it.
/// `HERALD_FULL_PARSE=1` turns this off (the CLI tests compare both ways).
public enum QuickArguments {
    public static func read<Values>(_ arguments: [String], flags: [QuickFlag<Values>], into start: Values) -> Values? {
        if let off = getenv("HERALD_FULL_PARSE"), off.pointee != 0 { return nil }
        guard !arguments.isEmpty else { return nil }
        var values = start
        var seen: Set<String> = []
        var i = 0
        while i < arguments.count {
            let token = arguments[i]
            guard token.hasPrefix("--") else { return nil }
            var name = String(token.dropFirst(2))
            if let flag = flags.first(where: { $0.name == name && $0.kind == .toggle }) {
                guard seen.insert(name).inserted, flag.store(&values, "") else { return nil }
                i += 1
                continue
            }
            let value: String
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
                i += 1
            } else {
                guard i + 1 < arguments.count else { return nil }
                value = arguments[i + 1]
                i += 2
            }
            guard !value.isEmpty, value == "-" || !value.hasPrefix("-"),
                let flag = flags.first(where: { $0.name == name && $0.kind != .toggle }),
                flag.kind == .repeating || seen.insert(name).inserted,
                flag.store(&values, value)
            else { return nil }
        }
        return values
    }

    /// The names `read` accepts with `flags`.
    public static func names<Values>(of flags: [QuickFlag<Values>]) -> Set<String> { Set(flags.map(\.name)) }
}
