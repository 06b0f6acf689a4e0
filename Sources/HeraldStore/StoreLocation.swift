import Glibc

/// Where the shared container is when a tool is not told: the one rule `herald` uses for
/// every command (Docs/cli.md): the given folder, else `$HERALD_STORE`, else `~/.herald`.
public enum StoreLocation {
    /// `given` when it is set and not empty, else `$HERALD_STORE`, else `$HOME/.herald`
    /// (`./.herald` without a home).
    public static func directory(_ given: String?) -> String {
        if let given, !given.isEmpty { return given }
        if let value = environment("HERALD_STORE") { return value }
        return (environment("HOME") ?? ".") + "/.herald"
    }

    /// The key folder: `given`, else `<store>/keys`.
    public static func keysDirectory(_ given: String?, store: String?) -> String {
        if let given, !given.isEmpty { return given }
        return directory(store) + "/keys"
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
