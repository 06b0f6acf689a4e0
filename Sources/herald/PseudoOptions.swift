import ArgumentParser
import HeraldCommandLine
import HeraldPseudo

/// `--pseudo [--pseudo-locales LIST]` of `validate` and `preview` (Docs/pseudo-locales.md).
struct PseudoOptions: ParsableArguments {
    @Flag(help: "Pseudo-localize: preview renders in pseudo-locales; validate also checks the source's notification messages in them and the examples for text no table supplies.")
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
}
