import HeraldCommandLine
import HeraldMF2Export
import HeraldTableInterchange
import HeraldTables

extension ExportCommand {
    /// `--format mf2`: `<lang>.lproj/<Table>.mf2.strings` (and `.stringsdict` for width and
    /// device variants) into `--output DIR`. A key that cannot be converted faithfully is
    /// said on standard error (file:line:column and why) and left out; the last line counts.
    /// `folder`: the one folder read, which the places said are relative to.
    func exportMF2(_ tables: [Table], folder: String?) throws {
        guard let output else {
            throw CommandFailure.usage("--format mf2: writes .lproj folders of .mf2 tables; give --output DIR")
        }
        let result = MF2Export.convert(tables)
        for var r in result.refusals {
            if let folder, !r.origin.file.hasPrefix("/") { r.origin.file = folder + "/" + r.origin.file }
            CommandMain.report(r.description)
        }
        var warnings: [TableExport.Warning] = []
        let files = TableExport.stringsFiles(result.tables, warnings: &warnings)
        for w in warnings { CommandMain.report(w.description) }
        try OutputFiles.write(files.sorted(by: { $0.key < $1.key }).map { .file($0.key, $0.value) }, into: output)
        CommandMain.report("herald export: \(result.converted) messages converted to MessageFormat 2, \(result.refusals.count) not converted")
    }
}
