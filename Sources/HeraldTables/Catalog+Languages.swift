import HeraldICU
import HeraldSync
import HeraldTableFormats

// How a Catalog names localizations: each name normalized once (ICU is asked once per
// name), and each String Catalog's languages indexed once by normalized name.
extension Catalog {
    /// A String Catalog's languages by normalized name, made once per file: looking each
    /// table's language up by scanning every language would make a catalog of many
    /// languages quadratic.
    func languages(of c: XCStringsFile, at readPath: String) -> [String: String] {
        if let hit = state.withLock({ $0.catalogLanguages[readPath] }) { return hit }
        var index: [String: String] = [:]
        for lang in c.localizations.keys.sorted() {
            let key = normalized(lang)
            if index[key] == nil { index[key] = lang }
        }
        state.withLock { $0.catalogLanguages[readPath] = index }
        return index
    }

    func normalized(_ name: String) -> String {
        let hit = state.withLock { s -> String? in
            s.namesNormalized += 1
            return s.normalized[name]
        }
        if let hit { return hit }
        let n = LocalizationLookup.normalize(name)
        state.withLock { $0.normalized[name] = n }
        return n
    }
}
