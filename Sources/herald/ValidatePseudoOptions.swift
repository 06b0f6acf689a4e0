import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldICU
import HeraldLint
import HeraldPreview
import HeraldPseudo
import HeraldTables

/// `herald validate --pseudo [--pseudo-locales LIST]` (Docs/pseudo-locales.md): the
/// source's notification messages checked pseudo-localized, and the built-in examples
/// rendered from the first folder validated in `en-XA` for text no table supplies.
struct ValidatePseudoOptions: ParsableArguments {
    @Flag(help: "Also check the source's notification messages pseudo-localized (budgets, lock-screen lines) and the examples for text no table supplies.")
    var pseudo = false
    @Option(
        name: .customLong("pseudo-locales"),
        help: "With --pseudo: all, or a comma-separated list of accented, rtl, double, bounded (or en-XA, ar-XB, en-XD, en-XE).")
    var pseudoLocales: String = "all"

    /// The pseudo-locales asked for (none without --pseudo).
    func locales() throws(CommandFailure) -> [PseudoLocale] {
        guard pseudo else {
            if pseudoLocales != "all" { throw .usage("--pseudo-locales needs --pseudo") }
            return []
        }
        return try CommandFailure.catching(.usage, "--pseudo-locales: ") { try PseudoLocale.list(pseudoLocales) }
    }

    /// `pseudo-unchanged` findings for the first folder validated (none without --pseudo,
    /// when the first input is a file, or when the configuration turns the rule off).
    func unchanged(inputs: [String], source: String?, configuration: LintConfiguration) async throws -> [Diagnostic] {
        var isDirectory: ObjCBool = false
        guard pseudo, let first = inputs.first, FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory),
              isDirectory.boolValue
        else { return [] }
        let severity: Diagnostic.Severity
        switch configuration.rules[.pseudoUnchanged] {
        case .off: return []
        case .report(let s): severity = s
        case nil: severity = .warning
        }
        let sourceTag = source ?? configuration.sourceLocale ?? "en"
        let sourceLocale = (try? LocaleID(sourceTag == "Base" ? "en" : sourceTag)) ?? LocaleID(unchecked: "en")
        let catalog = try CommandFailure.catching(.usage) { try Catalog(root: first) }
        do {
            return try await PseudoCoverage.check(catalog: catalog, source: sourceLocale).map {
                var d = $0
                d.severity = severity
                return d
            }
        } catch {
            throw CommandFailure.failure("--pseudo: the examples could not be rendered: \(error)")
        }
    }
}
