import Glibc

/// Where `herald-net` (the network helper: media downloads, receipt delivery)
/// is: $HERALD_NET when set, else beside the running executable (`herald`, or an app's
/// own tool installed with herald-net beside it).
public enum NetHelper {
    public static var path: String { sibling("herald-net", environmentVariable: "HERALD_NET") }

    /// An executable installed beside this one (`herald-net`, `herald-server`, `herald-worker`):
    /// the path in `environmentVariable` when it is set and not empty, else beside the running
    /// executable.
    public static func sibling(_ name: String, environmentVariable: String) -> String {
        if let p = getenv(environmentVariable), p.pointee != 0 { return String(cString: p) }
        return directoryOfThisExecutable + "/" + name
    }

    /// Media downloads for the stage: `herald-net fetch`, started only when a push carries media.
    public static var mediaDownloader: any MediaDownloader { HelperProcessMediaDownloader(executable: path) }

    /// The folder holding the running `herald` (resolved through /proc/self/exe; "." if unknown).
    public static var directoryOfThisExecutable: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b -> Int in
            guard let base = b.baseAddress else { return -1 }
            return readlink("/proc/self/exe", base, b.count - 1)
        }
        guard n > 0 else { return "." }
        let bytes = buffer[0..<n].map { UInt8(bitPattern: $0) }
        let full = String(decoding: bytes, as: UTF8.self)
        guard let slash = full.lastIndex(of: "/") else { return "." }
        return slash == full.startIndex ? "/" : String(full[..<slash])
    }

    /// Replaces this process with `arguments[0]`; returns only on failure, with the reason.
    public static func exec(_ arguments: [String]) -> String {
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        execv(arguments[0], argv)
        return String(cString: strerror(errno))
    }
}
