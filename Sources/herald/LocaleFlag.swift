import HeraldICU
import HeraldDiagnostics

/// A locale flag's value read the one way every command reads `--locale` (Docs/locales.md):
/// a malformed tag is `herald: error: <flag> <tag>: <reason>`, exit 2, with the tag (which
/// came from outside) escaped.
enum LocaleFlag {
    static func read(_ tag: String, flag: String) throws(CLIFailure) -> LocaleID {
        do {
            return try LocaleID(tag)
        } catch {
            throw CLIFailure(code: 2, message: OutsideText.escaped("\(flag) \(tag): \(error)"))
        }
    }
}
