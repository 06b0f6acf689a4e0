import HeraldLint

// A lint finding's place and subject as plain values, for the checks below: every
// finding of a report points into a file; a part it does not name reads "".
extension Diagnostic {
    var file: String { origin?.file ?? "" }
    var line: Int { origin?.line ?? 0 }
    var column: Int { origin?.column ?? 0 }
    var locale: String { subject.locale ?? "" }
    var table: String { subject.table ?? "" }
    var key: String { subject.key ?? "" }
}
