import HeraldDiagnostics

/// Reads a tar archive held in memory (POSIX ustar and pax, and GNU tar's own format with
/// its long names, which `tar cf` writes by default) into upload entries, in one pass over
/// the bytes. Nothing is unpacked here: links, devices and FIFOs come back as
/// `.refused` entries naming what they are, so the caller refuses them by name.
///
/// Not taken: compressed archives (gzip and the rest), old v7 archives without the
/// `ustar` magic, sparse files, multi-volume archives.
enum TarArchive {
    static let block = 512
    /// Bytes of one pax extended header or GNU long name: far above any real path.
    static let maxMetadataBytes = 64 << 10

    static func entries(_ body: [UInt8], limits: UploadLimits) throws(UploadProblem) -> [UploadEntry] {
        if body.count >= 2, body[0] == 0x1F, body[1] == 0x8B {
            throw .malformed("malformed-tar", "the body is gzip-compressed; send the tar itself (tar cf, not tar czf)")
        }
        var entries: [UploadEntry] = []
        var offset = 0
        // Metadata for the next entry: a pax `x` header's path and size, a GNU long name.
        var nextPath: [UInt8]? = nil
        var nextSize: Int? = nil
        var index = 0
        while true {
            guard offset + block <= body.count else {
                if offset == body.count, index > 0 {
                    // Some writers end without the two zero blocks.
                    break
                }
                throw .malformed("malformed-tar", offset == 0 ? "the body is not a tar archive (shorter than one 512-byte header)" : "the archive ends inside header \(index + 1) (truncated)")
            }
            let header = body[offset..<(offset + block)]
            if header.allSatisfy({ $0 == 0 }) { break }  // end of archive
            index += 1
            try checkHeader(header, index: index)
            let type = header[header.startIndex + 156]
            let announced = try number(header, 124, 12, field: "size", index: index)
            let metadata = [UInt8(ascii: "x"), UInt8(ascii: "g"), UInt8(ascii: "L"), UInt8(ascii: "K")].contains(type)
            let size = metadata ? announced : (nextSize ?? announced)
            let dataStart = offset + block
            // The data must be in the body: a size the body does not pay for is refused
            // before anything reads it (and before the limits, which would only mislead).
            guard size >= 0, size <= body.count - dataStart else {
                throw .malformed("malformed-tar", "entry \(index) announces \(size) bytes of data past the end of the archive (truncated)")
            }
            let padded = (size + block - 1) / block * block
            let data = body[dataStart..<(dataStart + size)]
            offset = min(body.count, dataStart + padded)
            switch type {
            case UInt8(ascii: "x"):
                let records = try paxRecords(data, index: index)
                for (key, value) in records {
                    if key == "path" { nextPath = value }
                    if key == "size" {
                        guard let n = decimal(value) else {
                            throw .malformed("malformed-tar", "entry \(index): pax size \(Excerpt.quoted(String(decoding: value, as: UTF8.self))) is not a number")
                        }
                        nextSize = n
                    }
                    if key.hasPrefix("GNU.sparse") {
                        throw .malformed("unsafe-entry", "entry \(index) is a sparse file; only regular files and folders are unpacked")
                    }
                }
                continue
            case UInt8(ascii: "g"):
                // Global pax headers (git archive's commit id) say nothing an entry depends
                // on, unless they set a path or size for every entry: refused, not guessed.
                for (key, _) in try paxRecords(data, index: index) where key == "path" || key == "size" || key == "linkpath" {
                    throw .malformed("malformed-tar", "entry \(index): a global pax header sets \(Excerpt.quoted(key)) for every entry; not taken")
                }
                continue
            case UInt8(ascii: "L"):
                guard size <= maxMetadataBytes else {
                    throw .malformed("path-too-long", "entry \(index): a long name of \(size) bytes")
                }
                nextPath = Array(data.prefix { $0 != 0 })
                continue
            case UInt8(ascii: "K"):
                continue  // the long target of a link, which is refused anyway
            default:
                break
            }
            let name = nextPath ?? headerName(header)
            nextPath = nil
            nextSize = nil
            let kind: UploadEntry.Kind
            switch type {
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"): kind = .file
            case UInt8(ascii: "5"): kind = .directory
            case UInt8(ascii: "1"): kind = .refused("a hard link")
            case UInt8(ascii: "2"): kind = .refused("a symbolic link")
            case UInt8(ascii: "3"): kind = .refused("a character device")
            case UInt8(ascii: "4"): kind = .refused("a block device")
            case UInt8(ascii: "6"): kind = .refused("a FIFO")
            case UInt8(ascii: "S"): kind = .refused("a sparse file")
            case UInt8(ascii: "V"): continue  // a volume label names the archive, not a file
            default:
                let shown = type >= 0x21 && type < 0x7F ? "'\(Character(Unicode.Scalar(type)))'" : "\(type)"
                kind = .refused("of tar entry type \(shown)")
            }
            entries.append(UploadEntry(name: name, kind: kind, bytes: kind == .file ? data : []))
            if entries.count > limits.maxEntries {
                throw .tooLarge("too-many-entries", "the upload has more than \(limits.maxEntries) entries")
            }
        }
        return entries
    }

    /// The `ustar` magic and the header's checksum (the sum of its bytes with the checksum
    /// field read as spaces; old writers summed signed bytes, also taken).
    static func checkHeader(_ header: ArraySlice<UInt8>, index: Int) throws(UploadProblem) {
        let s = header.startIndex
        guard Array(header[(s + 257)..<(s + 262)]) == Array("ustar".utf8) else {
            throw .malformed("malformed-tar", index == 1 ? "the body is not a ustar, pax or GNU tar archive" : "header \(index) has no ustar magic (a damaged archive)")
        }
        let stored = try number(header, 148, 8, field: "checksum", index: index)
        var unsigned = 0
        var signed = 0
        for (i, b) in header.enumerated() {
            let v = (148..<156).contains(i) ? 0x20 : b
            unsigned += Int(v)
            signed += Int(Int8(bitPattern: v))
        }
        guard stored == unsigned || stored == signed else {
            throw .malformed("malformed-tar", "header \(index): checksum \(stored) does not match its bytes (\(unsigned)): a damaged archive")
        }
    }

    /// A numeric field: octal digits (space or NUL padded), or GNU's base-256 form (top bit set).
    static func number(_ header: ArraySlice<UInt8>, _ at: Int, _ length: Int, field: String, index: Int) throws(UploadProblem) -> Int {
        let bytes = header[(header.startIndex + at)..<(header.startIndex + at + length)]
        if let first = bytes.first, first & 0x80 != 0 {
            var value = 0
            for (i, b) in bytes.enumerated() {
                let digit = Int(i == 0 ? b & 0x7F : b)
                guard value <= (Int.max >> 8) else {
                    throw .tooLarge("file-too-large", "header \(index): \(field) is beyond any limit")
                }
                value = value << 8 | digit
            }
            return value
        }
        var value = 0
        var seenDigit = false
        for b in bytes {
            if b == 0x20 || b == 0 {
                if seenDigit { break }
                continue
            }
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "7") else {
                throw .malformed("malformed-tar", "header \(index): the \(field) field is not an octal number")
            }
            seenDigit = true
            value = value * 8 + Int(b - UInt8(ascii: "0"))
        }
        return value
    }

    /// `name`, with ustar's `prefix` in front when the header is POSIX ustar (GNU's own
    /// format keeps other fields there and writes long names as `L` entries instead).
    static func headerName(_ header: ArraySlice<UInt8>) -> [UInt8] {
        let s = header.startIndex
        func field(_ at: Int, _ length: Int) -> [UInt8] { Array(header[(s + at)..<(s + at + length)].prefix { $0 != 0 }) }
        let name = field(0, 100)
        let posix = header[s + 262] == 0 && header[s + 263] == UInt8(ascii: "0")
        let prefix = posix ? field(345, 155) : []
        return prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name
    }

    /// A pax extended header's records: `LENGTH key=value\n`, LENGTH counting the whole record.
    static func paxRecords(_ data: ArraySlice<UInt8>, index: Int) throws(UploadProblem) -> [(String, [UInt8])] {
        guard data.count <= maxMetadataBytes else {
            throw .malformed("malformed-tar", "entry \(index): a pax header of \(data.count) bytes (at most \(maxMetadataBytes))")
        }
        var records: [(String, [UInt8])] = []
        var i = data.startIndex
        while i < data.endIndex {
            if data[i] == 0 { break }  // padding some writers leave
            var length = 0
            var j = i
            while j < data.endIndex, data[j] >= UInt8(ascii: "0"), data[j] <= UInt8(ascii: "9"), length < maxMetadataBytes {
                length = length * 10 + Int(data[j] - UInt8(ascii: "0"))
                j += 1
            }
            guard j < data.endIndex, data[j] == 0x20, length > j - i + 1, i + length <= data.endIndex,
                data[i + length - 1] == 0x0A
            else {
                throw .malformed("malformed-tar", "entry \(index): a damaged pax header record")
            }
            let record = data[(j + 1)..<(i + length - 1)]
            guard let eq = record.firstIndex(of: UInt8(ascii: "=")) else {
                throw .malformed("malformed-tar", "entry \(index): a pax header record without `=`")
            }
            records.append((String(decoding: record[..<eq], as: UTF8.self), Array(record[(eq + 1)...])))
            i += length
        }
        return records
    }

    static func decimal(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
