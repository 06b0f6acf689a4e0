#if canImport(Glibc)
import Glibc
#endif

/// The suite's files, read with the C library (the tool links no Foundation).
enum SuiteFiles {
    /// Every `.json` file under `folder`, recursively.
    static func list(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                out += list(path)
            } else if name.hasSuffix(".json") {
                out.append(path)
            }
        }
        return out
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
            if out.count > 64 << 20 { return nil }
        }
        return out
    }
}

/// Text for a terminal: control characters and bidi controls shown as escapes.
enum Show {
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            let v = u.value
            if v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0) || v == 0x061C || v == 0x200E || v == 0x200F
                || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) || v == 0x22 || v == 0x5C
            {
                out += v == 0x22 ? "\\\"" : v == 0x5C ? "\\\\" : "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
