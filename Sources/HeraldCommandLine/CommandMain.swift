public import ArgumentParser
public import HeraldDiagnostics
import HeraldJSON

import Glibc

/// Where every command of `herald` and `herald-net` ends: the one place that turns an
/// error into `<program>: error: …` lines on standard error and an `ExitStatus`.
public enum CommandMain {
    /// Parses the command line with `root` and runs the command it names; `cleanUp` runs after
    /// it, whether it succeeded or threw, before the process exits.
    public static func run(
        _ root: any ParsableCommand.Type, program: String, cleanUp: @Sendable () async -> Void = {}
    ) async -> Never {
        await finish(root, program: program) {
            do {
                var command = try root.parseAsRoot()
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                await cleanUp()
                throw error
            }
            await cleanUp()
        }
    }

    /// Runs `body`, then exits: 0, or as `exit(for:)` says for what it threw.
    public static func finish(
        _ root: any ParsableCommand.Type, program: String, _ body: () async throws -> Void
    ) async -> Never {
        do {
            try await body()
        } catch {
            exit(for: error, root: root, program: program)
        }
        Glibc.exit(ExitStatus.success.rawValue)
    }

    /// Says `error` and exits with its status. A `CommandFailure` is said as it is; an
    /// unreadable input file is a usage error; an argument error of ArgumentParser is one
    /// line and a pointer to `--help` (status 2, not ArgumentParser's 64); help and
    /// `--version` are printed as ArgumentParser prints them.
    public static func exit(for error: any Error, root: any ParsableCommand.Type, program: String) -> Never {
        switch error {
        case let failure as CommandFailure:
            say(.error, failure.messages, program: failure.program ?? program)
            if let hint = failure.hint { BufferedOutput.writeAll(fd: 2, OutsideText.escaped(hint) + "\n") }
            Glibc.exit(failure.status.rawValue)
        case let input as InputFileError:
            say(.error, input.description, program: program)
            Glibc.exit(ExitStatus.usage.rawValue)
        default:
            break
        }
        let code = root.exitCode(for: error)
        if code == .validationFailure {
            say(.error, root.message(for: error), program: program)
            // ArgumentParser's last line names the subcommand's help: kept as the hint.
            if let hint = root.fullMessage(for: error).split(separator: "\n").last(where: { $0.contains("--help") }) {
                BufferedOutput.writeAll(fd: 2, hint.drop(while: { $0 == " " }) + "\n")
            }
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        root.exit(withError: error)
    }

    /// `<program>: <severity>: <line>` (`<program>: <line>` without one) on standard error
    /// for each line, control characters escaped: the one way Herald's executables write
    /// an error, a warning or a note.
    public static func say(_ severity: Diagnostic.Severity?, _ lines: String..., program: String = "herald") {
        say(severity, lines, program: program)
    }

    /// Lines that carry their own form (a diagnostic's `file:line:col: severity: … [rule]`,
    /// an indented path under a summary) on standard error as they are, control characters
    /// escaped.
    public static func report(_ lines: String...) {
        for line in lines { BufferedOutput.writeAll(fd: 2, OutsideText.escaped(line) + "\n") }
    }

    public static func say(_ severity: Diagnostic.Severity?, _ lines: [String], program: String = "herald") {
        for line in lines {
            let text = line.hasSuffix("\n") ? String(line.dropLast()) : line
            let head = severity.map { "\(program): \($0.rawValue): " } ?? "\(program): "
            BufferedOutput.writeAll(fd: 2, head + OutsideText.escaped(text) + "\n")
        }
    }
}
