import HeraldStage

extension StageOutcome {
    /// The `herald render` exit status: 0 rendered, 3 fallback (Docs/cli.md).
    var exitCode: Int32 { fallback ? 3 : 0 }
}
