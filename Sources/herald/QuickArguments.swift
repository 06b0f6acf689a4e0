#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The plain command lines `herald render` and `herald format` read without
/// ArgumentParser (its reflection over a command's property wrappers is a fifth of a
/// render's start-up, a quarter of a one-shot format's): only `--flag value` or
/// `--flag=value` for the flags named, each at most once unless repeatable, and the
/// value-less switches named. Nil for anything else — help, an unknown or repeated flag, a
/// value that is empty or starts with `-` (other than `-` for standard input), a value given
/// to a switch — so that ArgumentParser parses and explains it. `HERALD_FULL_PARSE=1`
/// turns this off (the CLI tests compare both ways).
struct QuickArguments {
    /// The value of each flag given once.
    private(set) var values: [String: String] = [:]
    /// The values of the repeatable flags, in order.
    private(set) var repeated: [String: [String]] = [:]
    /// The switches given.
    private(set) var switches: Set<String> = []

    init?(_ arguments: [String], options: Set<String>, repeatable: Set<String> = [], switches allowed: Set<String> = []) {
        if let off = getenv("HERALD_FULL_PARSE"), off.pointee != 0 { return nil }
        guard !arguments.isEmpty else { return nil }
        var i = 0
        while i < arguments.count {
            let token = arguments[i]
            guard token.hasPrefix("--") else { return nil }
            var name = String(token.dropFirst(2))
            if allowed.contains(name) {
                guard switches.insert(name).inserted else { return nil }
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
            guard !value.isEmpty, value == "-" || !value.hasPrefix("-") else { return nil }
            if repeatable.contains(name) {
                repeated[name, default: []].append(value)
                continue
            }
            guard options.contains(name), values[name] == nil else { return nil }
            values[name] = value
        }
    }
}
