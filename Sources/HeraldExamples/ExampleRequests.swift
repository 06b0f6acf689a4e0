/// The batch requests `herald examples --output DIR` writes next to the example pushes, so
/// that `herald render --batch` and `herald format --batch` can be tried on files that work
/// (Docs/batch.md describes both formats).
public enum ExampleRequests {
    /// The locales each example push is rendered in by `requests.jsonl`: a left-to-right
    /// and a right-to-left script, a language with few and many plural forms, one without
    /// plural forms, and a region tag that falls back to its language.
    public static let renderLocales = ["en", "de", "ar", "ru", "ja", "pt-BR"]

    /// `format-requests.jsonl`, one JSON object a line: `{"key", "locale", "args", "table"?}`.
    /// The keys are the app's own (Localizations/); each argument list fits its message.
    public static let formatLines: [String] = [
        #"{"key":"lottery.loss.body","locale":"ru","args":[3]}"#,
        #"{"key":"lottery.loss.body","locale":"en","args":[1]}"#,
        #"{"key":"lottery.win.body","locale":"pt-BR","args":["R$ 214,00",2,3]}"#,
        #"{"key":"lottery.win.body","locale":"ar","args":["214 US$",2,3]}"#,
        #"{"key":"lottery.title","locale":"ja","args":["ロト6"]}"#,
        #"{"key":"reminder.unknown.body","locale":"de"}"#,
        #"{"key":"message.attachments","locale":"cy","args":[2],"table":"Messages"}"#,
    ]
}
