/// The largest inputs Herald reads, checked before they are parsed: past them a
/// reader stops with an error that names the limit, so no input makes a command's
/// memory grow without bound. Each is far above what a real input needs
/// (Docs/limits.md says why).
public enum InputLimits {
    /// A payload file (`--payload`): APNs caps a push at 4 KiB (5 KiB for VoIP); a
    /// payload file may be 256 times that.
    public static let payloadFileBytes = 1 << 20
    /// One line of a `--batch` input (one request with its payload).
    public static let batchLineBytes = 1 << 20
    /// A translation table file (`.strings`, `.stringsdict`, `.xcstrings`): the
    /// largest real String Catalogs are a few MiB.
    public static let tableFileBytes = 32 << 20

    /// "1 MiB", "32 MiB", "4096 bytes".
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
