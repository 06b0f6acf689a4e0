import HeraldJSON

import Glibc

extension LintConfiguration {
    /// The configuration for validating `inputs`: the file `explicit` names (which must
    /// exist), else the first `.herald-validate.json` found in the folders among `inputs`,
    /// in order, then in the current folder; the defaults when there is none. A file that
    /// cannot be used is a `Problem` naming it.
    public static func load(explicit: String?, inputs: [String]) throws(Problem) -> LintConfiguration {
        var candidates: [String] = []
        if let explicit {
            guard access(explicit, F_OK) == 0 else { throw Problem(message: "--config \(explicit): no such file or directory") }
            candidates = [explicit]
        } else {
            for p in inputs where isDirectory(p) { candidates.append((p.hasSuffix("/") ? p : p + "/") + fileName) }
            candidates.append(fileName)
        }
        for path in candidates {
            guard isRegularFile(path), let bytes = try? InputFile.read(path, limit: InputLimits.tableFileBytes, what: "a configuration file") else {
                continue
            }
            return try parse(bytes, path: path)
        }
        return LintConfiguration()
    }

    private static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }
}
