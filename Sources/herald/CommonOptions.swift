import HeraldCommandLine
import HeraldICU

// The common flags (--tables, --store, --keys, --now, --time-zone) and the stage's
// (--deadline-ms, --algorithms, --allow-unsealed) are declared once, for herald, herald serve
// and herald worker alike, in HeraldStageOptions (`CommonOptions`, `StageOptions`,
// `StageSettings`); herald's commands take them with `DeviceStageRole`.

/// A locale flag's value read the one way every command reads `--locale` (Docs/locales.md):
/// a malformed tag is `herald: error: <flag> <tag>: <reason>`, exit 2.
enum LocaleFlag {
    static func read(_ tag: String, flag: String) throws(CommandFailure) -> LocaleID {
        do { return try LocaleID(tag) } catch { throw .usage("\(flag) \(tag): \(error)") }
    }
}
