import HeraldCommandLine
import HeraldStage

extension StageOutcome {
    /// The `herald render` exit status: rendered, or a fallback payload was written (Docs/cli.md).
    var exitStatus: ExitStatus { fallback ? .fallback : .success }
}
