import HeraldDiagnostics
import HeraldTables

/// `validate`'s placeholder rules (specifier-mismatch, specifier-missing,
/// specifier-length) for one translated text against its source, outside a lint run:
/// what `herald import` checks before it writes an XLIFF target.
public enum TranslationCheck {
    /// A text that is one form of a plural variable.
    public struct PluralForm: Sendable, Hashable {
        /// The 1-based argument the variable reads (the count a form may show), when known:
        /// the message always passes it, whether or not the source's form shows it.
        public var argument: Int?

        /// Makes the description of a plural form.
        public init(argument: Int?) { self.argument = argument }
    }

    /// The findings for `target` against `source`, at `origin`. A plural form
    /// (`pluralForm`) may leave the count out ("one ticket"): that is not reported here
    /// (validate's plural-count-omitted rule looks at the whole plural). It may also show
    /// the count where the source's form does not (Latvian's `zero` form of an English
    /// "*%2$@ and %3$@* tried to track you"): the message passes it all the same.
    public static func placeholders(
        source: String, target: String, at origin: Origin, pluralForm: PluralForm?, subject: Diagnostic.Subject,
        sourceLocalization: String, configuration: LintConfiguration = LintConfiguration()
    ) -> [Diagnostic] {
        let key = subject.key ?? ""
        let sourceEntry = Entry(key: key, message: .plain(SourceText(source, origin: origin)), format: .strings, origin: origin)
        let entry = Entry(key: key, message: .plain(SourceText(target, origin: origin)), format: .strings, origin: origin)
        var sourceArguments = MessageArguments.analyze(sourceEntry.message, substitutions: true)
        guard sourceArguments.isFormat else { return [] }
        if let n = pluralForm?.argument, n >= 1 { sourceArguments.supply(n - 1) }
        let own = MessageArguments.analyze(entry.message, substitutions: true)
        var run = LintRun(configuration: configuration)
        let ctx = LintRun.EntryContext(
            entry: entry, table: subject.table ?? "", localization: subject.locale ?? "", isSource: false,
            sourceInfo: SourceInfo(entry: sourceEntry, arguments: sourceArguments, isNotification: false),
            sourceLocalization: sourceLocalization, plan: nil, sameLanguageAsSource: false, isNotification: false)
        run.checkParity(ctx, own, sourceArguments)
        if pluralForm != nil { run.diagnostics.removeAll { $0.rule == .specifierMissing } }
        return run.diagnostics
    }
}
