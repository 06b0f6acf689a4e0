/// The exit statuses of `herald` and `herald-net` (Docs/cli.md): every command leaves
/// with one of these, by name.
public enum ExitStatus: Int32, Sendable {
    /// Done: rendered, shown, written, validated without failing findings.
    case success = 0
    /// Findings that fail (`validate`), a store or file that failed, a key that cannot be
    /// read, receipts not delivered.
    case failure = 1
    /// A usage error: a missing or malformed flag, input that is not what the command reads.
    case usage = 2
    /// `render`: a fallback payload was written (still valid, with alert text).
    case fallback = 3
    /// `format`: the key is missing in every locale of the chain.
    case keyMissing = 4
}

/// The one error a command throws to end with a status other than 0. `CommandMain`
/// prints each message as `herald: error: <message>` (control characters escaped: the
/// message names files, keys and values from outside) and exits with `status`. With no
/// message the command has said what there was to say already.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    public var status: ExitStatus
    public var messages: [String]
    /// The program the lines speak for, when not the one running (`herald-net flush`
    /// speaks for `herald receipts flush`).
    public var program: String?
    /// A line said after the messages as it is: the pointer to the command's help that ends
    /// ArgumentParser's own usage errors (`helpHint(for:)`).
    public var hint: String?

    public init(_ status: ExitStatus, _ messages: [String] = [], program: String? = nil) {
        self.status = status
        self.messages = messages
        self.program = program
    }

    /// The same failure, ended as ArgumentParser ends a flag's validation error: with the
    /// pointer to `command`'s help (`herald render`), so that a flag refused by a quick
    /// reader's command reads as when ArgumentParser refused it.
    public func pointingToHelp(of command: String) -> Self {
        var failure = self
        failure.hint = "See '\(command) --help' for more information."
        return failure
    }

    public var description: String { messages.joined(separator: "\n") }

    /// Exit 2 with `message`.
    public static func usage(_ message: String) -> Self { Self(.usage, [message]) }

    /// Exit 1 with `message`.
    public static func failure(_ message: String) -> Self { Self(.failure, [message]) }

    /// Exit with `status`, nothing more said.
    public static func exit(_ status: ExitStatus) -> Self { Self(status) }
}

extension CommandFailure {
    /// Runs `body`; what it throws leaves with `status`, said as `<prefix><error>`: the one
    /// way a command turns a library's error into its exit status.
    public static func catching<T>(_ status: ExitStatus, _ prefix: String = "", _ body: () throws -> T) throws(CommandFailure) -> T {
        do { return try body() } catch let failure as CommandFailure { throw failure } catch {
            throw CommandFailure(status, [prefix + "\(error)"])
        }
    }
}
