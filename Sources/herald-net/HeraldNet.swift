// herald-net: the network half of `herald`, in its own process so that the
// `herald` binary never loads FoundationNetworking (libcurl, TLS, Kerberos…):
// `herald render` runs `herald-net fetch` only when a push carries media, and
// `herald receipts flush` hands over to `herald-net flush`. Found beside the
// `herald` binary (or at $HERALD_NET).
import ArgumentParser
import HeraldDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct HeraldNet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald-net",
        abstract: "Network helper of herald: media downloads and receipt delivery.",
        discussion: "Run by `herald render` (fetch) and `herald receipts flush` (flush); see README.md.",
        version: "0.1.0",
        subcommands: [FetchCommand.self, FlushCommand.self]
    )

    /// Argument errors exit 2, as herald's do (Docs/cli.md), not ArgumentParser's 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                var message = fullMessage(for: error)
                if message.hasPrefix("Error: ") { message = "herald-net: error: " + message.dropFirst(7) }
                Output.standardError(message)
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Plain writes to the standard streams (each call is one write(2), so lines from concurrent tasks never interleave).
enum Output {
    static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, raw.count - offset)
            }
            if n == 0 { return }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }

    static func standardOutput(_ line: String) { write(1, line.hasSuffix("\n") ? line : line + "\n") }
    /// One diagnostic line; control characters in it (outside text: a server's error body,
    /// a URL) are escaped.
    static func standardError(_ line: String) {
        write(2, OutsideText.escaped(line.hasSuffix("\n") ? String(line.dropLast()) : line) + "\n")
    }
}
