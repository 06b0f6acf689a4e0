import Glibc
import HeraldTableFormats
import HeraldTables

extension TableExport {
    /// What an export reads: the tables of folders and table files, every diagnostic
    /// found on the way (a folder's files named below the folder as given), and the
    /// development localization of the first folder or file set that names one.
    public struct Input: Sendable {
        public var tables: [Table] = []
        public var diagnostics: [Diagnostic] = []
        public var developmentLocalization: String?

        /// Whether a diagnostic is an error: a file a device would drop fails the export.
        public var failed: Bool { diagnostics.contains { $0.severity == .error } }

        /// Reads `paths` (folders scanned for `<lang>.lproj` folders and `.xcstrings`
        /// files, or table files). A path that is not there, not a table file, or a folder
        /// that cannot be read throws, naming it.
        public init(paths: [String]) throws(InputProblem) {
            var files: [String] = []
            for path in paths {
                var st = stat()
                guard stat(path, &st) == 0 else { throw InputProblem(description: "\(path): no such file or directory") }
                guard (st.st_mode & S_IFMT) == S_IFDIR else {
                    guard TableFormat.isTableFileName(path) else {
                        throw InputProblem(description: "\(path): not a .strings, .stringsdict or .xcstrings file")
                    }
                    files.append(path)
                    continue
                }
                do { add(try Catalog(root: path), prefix: path) } catch { throw InputProblem(description: error.description) }
            }
            if !files.isEmpty { add(Catalog(files: files, keepDroppedEntries: false), prefix: nil) }
        }

        private mutating func add(_ catalog: Catalog, prefix: String?) {
            let contents = catalog.loadAll()
            for var d in catalog.scanDiagnostics + contents.diagnostics.filter({ !catalog.scanDiagnostics.contains($0) }) {
                if let prefix, case .file(var o) = d.location, !o.file.hasPrefix("/") {
                    o.file = prefix + "/" + o.file
                    d.location = .file(o)
                }
                diagnostics.append(d)
            }
            tables += contents.tables
            if developmentLocalization == nil { developmentLocalization = catalog.developmentLocalization }
        }
    }

    /// A path an export cannot read, in one line.
    public struct InputProblem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }
}
