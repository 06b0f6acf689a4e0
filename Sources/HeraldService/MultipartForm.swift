import Foundation
import HeraldDiagnostics

/// Reads a `multipart/form-data` body (RFC 7578 over RFC 2046's multipart syntax) into
/// upload entries: each part is one file, its `filename` the path relative to the upload
/// (`de.lproj/Localizable.strings`). The filename is taken as written (UTF-8, a quoted
/// string's `\"` and `\\` unescaped); percent signs are kept as they are.
///
/// One pass over the body: the delimiter is searched for with its first byte, and a
/// boundary has at most 70 bytes, so the work is linear in the body's size.
enum MultipartForm {
    /// Bytes of one part's header block: far above a Content-Disposition with a long path.
    static let maxHeaderBytes = 16 << 10

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(of contentType: String) throws(UploadProblem) -> [UInt8] {
        guard let value = MediaType.parameter("boundary", in: contentType), !value.isEmpty else {
            throw .malformed("malformed-multipart", "multipart/form-data without a boundary parameter")
        }
        guard value.utf8.count <= 70 else {
            throw .malformed("malformed-multipart", "the multipart boundary has \(value.utf8.count) bytes; at most 70 (RFC 2046)")
        }
        return Array(value.utf8)
    }

    static func entries(_ body: [UInt8], boundary: [UInt8], limits: UploadLimits) throws(UploadProblem) -> [UploadEntry] {
        let dashBoundary = [UInt8(ascii: "-"), UInt8(ascii: "-")] + boundary
        let delimiter = [0x0D, 0x0A] + dashBoundary
        // The first boundary may open the body (no CRLF before it); else it follows a preamble.
        var position: Int
        if body.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let at = find(delimiter, in: body, from: 0) {
            position = at + delimiter.count
        } else {
            throw .malformed("malformed-multipart", "the body has no multipart boundary \(Excerpt.quoted(String(decoding: boundary, as: UTF8.self)))")
        }
        var entries: [UploadEntry] = []
        var part = 0
        while true {
            // After a delimiter: `--` closes the body; else optional padding, then CRLF.
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { break }
            while position < body.count, body[position] == 0x20 || body[position] == 0x09 { position += 1 }
            guard body[position...].starts(with: [0x0D, 0x0A]) else {
                throw .malformed("malformed-multipart", "part \(part + 1): the boundary line does not end with CRLF")
            }
            position += 2
            part += 1
            if part > limits.maxEntries {
                throw .tooLarge("too-many-entries", "the upload has more than \(limits.maxEntries) parts")
            }
            guard let end = find(delimiter, in: body, from: position) else {
                throw .malformed("malformed-multipart", "part \(part) does not end with the boundary (a truncated body?)")
            }
            let (filename, contentStart) = try headers(body, from: position, end: end, part: part)
            entries.append(UploadEntry(name: filename, kind: .file, bytes: body[contentStart..<end]))
            position = end + delimiter.count
        }
        return entries
    }

    /// The part's filename from its Content-Disposition, and where its content starts.
    private static func headers(_ body: [UInt8], from start: Int, end: Int, part: Int) throws(UploadProblem) -> ([UInt8], Int) {
        let noHeaders = body[start..<end].starts(with: [0x0D, 0x0A])
        let found: Int? = noHeaders ? start - 2 : find([0x0D, 0x0A, 0x0D, 0x0A], in: body[start..<end], from: start)
        guard let blank = found else {
            throw .malformed("malformed-multipart", "part \(part): its header block does not end with an empty line")
        }
        guard blank - start <= maxHeaderBytes else {
            throw .malformed("malformed-multipart", "part \(part): a header block of \(blank - start) bytes (at most \(maxHeaderBytes))")
        }
        var filename: [UInt8]? = nil
        var name: String? = nil
        var disposition = false
        if blank > start {
            for line in body[start..<blank].split(separator: 0x0A, omittingEmptySubsequences: false) {
                let text = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else {
                    throw .malformed("malformed-multipart", "part \(part): header line \(Excerpt.quoted(text)) has no `:`")
                }
                guard text[..<colon].lowercased() == "content-disposition" else { continue }
                let value = String(text[text.index(after: colon)...])
                guard MediaType.essence(of: value) == "form-data" else {
                    throw .malformed("malformed-multipart", "part \(part): Content-Disposition is not form-data")
                }
                disposition = true
                name = MediaType.parameter("name", in: value)
                filename = MediaType.parameterBytes("filename", in: value)
            }
        }
        guard disposition else {
            throw .malformed("malformed-multipart", "part \(part) has no Content-Disposition: form-data header")
        }
        guard let filename, !filename.isEmpty else {
            let named = name.map { " (\(Excerpt.quoted($0)))" } ?? ""
            throw .malformed("malformed-multipart", "part \(part)\(named) has no filename: each part is a table file named by its path in the upload, like de.lproj/Localizable.strings")
        }
        return (filename, blank + 4)
    }

    /// The first place `needle` starts in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.endIndex - from else { return nil }
        var i = from
        let last = haystack.endIndex - needle.count
        while i <= last {
            guard let hit = haystack[i...last].firstIndex(of: first) else { return nil }
            if haystack[hit..<(hit + needle.count)].elementsEqual(needle) { return hit }
            i = hit + 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        find(needle, in: haystack[...], from: from)
    }
}

/// Reading a media type header: `multipart/form-data; boundary="x"`, and the same
/// parameter syntax of a Content-Disposition (`form-data; name="f"; filename="a/b"`).
enum MediaType {
    /// The type and subtype, lowercased, without parameters.
    static func essence(of value: String) -> String {
        let head = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// A parameter's value as UTF-8 bytes: a token, or a quoted string with its `\`
    /// escapes undone. Parameter names are matched without case.
    static func parameterBytes(_ wanted: String, in value: String) -> [UInt8]? {
        let bytes = Array(value.utf8)
        var i = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        while i < bytes.endIndex {
            i += 1  // past `;`
            while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            let nameStart = i
            while i < bytes.endIndex, bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ";") { i += 1 }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            var out: [UInt8] = []
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.endIndex, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.endIndex { i += 1 }
                    out.append(bytes[i])
                    i += 1
                }
                i += 1  // past the closing quote
                while i < bytes.endIndex, bytes[i] != UInt8(ascii: ";") { i += 1 }
            } else {
                while i < bytes.endIndex, bytes[i] != UInt8(ascii: ";") {
                    out.append(bytes[i])
                    i += 1
                }
                while out.last == 0x20 || out.last == 0x09 { out.removeLast() }
            }
            if name == wanted { return out }
        }
        return nil
    }

    static func parameter(_ wanted: String, in value: String) -> String? {
        parameterBytes(wanted, in: value).map { String(decoding: $0, as: UTF8.self) }
    }
}
