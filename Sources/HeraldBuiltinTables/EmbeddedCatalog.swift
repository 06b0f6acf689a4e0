public import HeraldTables

extension EmbeddedLocalizations {
    /// The embedded tables as a catalog (read only when a lookup needs them): what `herald`,
    /// `herald serve` and `herald worker` serve without `--tables`.
    public static func catalog() -> Catalog {
        Catalog(texts: Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { $1 }))
    }
}
