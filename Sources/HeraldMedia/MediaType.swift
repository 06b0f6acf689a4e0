/// The three attachment kinds iOS accepts, each with its own size limit.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    case audio
    case image
    case video
}

/// A file type iOS accepts as a notification attachment (Docs/push-format.md, Media),
/// recognised from the file's first bytes, never from its URL or Content-Type.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif
    case aiff, wav, mp3, m4a
    case mp4, mpeg, mpeg2Video, avi

    /// Audio, image or video.
    public var kind: MediaKind {
        switch self {
        case .jpeg, .png, .gif: return .image
        case .aiff, .wav, .mp3, .m4a: return .audio
        case .mp4, .mpeg, .mpeg2Video, .avi: return .video
        }
    }

    /// The uniform type identifier, passed as the attachment's type hint.
    public var uti: String {
        switch self {
        case .jpeg: return "public.jpeg"
        case .png: return "public.png"
        case .gif: return "com.compuserve.gif"
        case .aiff: return "public.aiff-audio"
        case .wav: return "com.microsoft.waveform-audio"
        case .mp3: return "public.mp3"
        case .m4a: return "public.mpeg-4-audio"
        case .mp4: return "public.mpeg-4"
        case .mpeg: return "public.mpeg"
        case .mpeg2Video: return "public.mpeg-2-video"
        case .avi: return "public.avi"
        }
    }

    /// The file name extension the stored file gets (iOS also looks at it).
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .gif: return "gif"
        case .aiff: return "aiff"
        case .wav: return "wav"
        case .mp3: return "mp3"
        case .m4a: return "m4a"
        case .mp4: return "mp4"
        case .mpeg: return "mpg"
        case .mpeg2Video: return "m2v"
        case .avi: return "avi"
        }
    }
}

/// What the first bytes of a download say it is.
public enum SniffResult: Sendable, Hashable {
    /// A supported type.
    case supported(MediaType)
    /// A recognised type iOS does not attach ("html", "webp", "heic", "quicktime", …),
    /// or "unknown" / "empty".
    case unsupported(String)
}

/// Magic-byte type detection for attachments.
///
/// Rules (first match wins): JPEG `FF D8 FF`; PNG's 8-byte signature; GIF87a/GIF89a;
/// `FORM….AIFF` (AIFF-C is refused: it is not kUTTypeAudioInterchangeFileFormat);
/// `RIFF….WAVE` / `RIFF….AVI `; MP3 = an `ID3` tag or an MPEG audio Layer III frame
/// header (sync bits, valid version, bitrate and sample-rate fields);
/// ISO base media (`….ftyp` + major brand): `M4A `/`M4B `/`M4P ` = MPEG-4 audio,
/// `isom`, `iso2`…`iso6`, `mp41`, `mp42`, `avc1`, `M4V `, `M4VH`, `M4VP`, `dash`, `MSNV`,
/// `f4v ` = MPEG-4 video, `qt  ` (QuickTime), 3GPP and HEIF brands are refused;
/// MPEG program stream `00 00 01 BA` (MPEG-1 or MPEG-2 pack) = MPEG, a video
/// sequence header `00 00 01 B3` = MPEG-2 video.
public enum MediaSniffer {
    /// Bytes needed for a final answer on any supported type.
    public static let prefixLength = 16

    /// The type of a file whose first bytes are `bytes` (all of the file if it
    /// is shorter than `prefixLength`).
    public static func sniff(_ bytes: some Collection<UInt8>) -> SniffResult {
        let b = Array(bytes.prefix(prefixLength))
        if b.isEmpty { return .unsupported("empty") }
        func at(_ i: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return b.count >= i + u.count && Array(b[i..<(i + u.count)]) == u
        }
        func bytesAt(_ i: Int, _ u: [UInt8]) -> Bool {
            b.count >= i + u.count && Array(b[i..<(i + u.count)]) == u
        }

        if bytesAt(0, [0xFF, 0xD8, 0xFF]) { return .supported(.jpeg) }
        if bytesAt(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .supported(.png) }
        if at(0, "GIF87a") || at(0, "GIF89a") { return .supported(.gif) }
        if at(0, "FORM") {
            if at(8, "AIFF") { return .supported(.aiff) }
            if at(8, "AIFC") { return .unsupported("aifc") }
            return .unsupported("iff")
        }
        if at(0, "RIFF") {
            if at(8, "WAVE") { return .supported(.wav) }
            if at(8, "AVI ") { return .supported(.avi) }
            if at(8, "WEBP") { return .unsupported("webp") }
            return .unsupported("riff")
        }
        if at(0, "ID3") { return .supported(.mp3) }
        if at(4, "ftyp") {
            guard b.count >= 12 else { return .unsupported("unknown") }
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            switch brand {
            case "M4A ", "M4B ", "M4P ": return .supported(.m4a)
            case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH",
                "M4VP", "dash", "MSNV", "f4v ":
                return .supported(.mp4)
            case "qt  ": return .unsupported("quicktime")
            case "heic", "heix", "mif1", "msf1", "hevc", "heim", "heis", "avif":
                return .unsupported("heif")
            default:
                if brand.hasPrefix("3g") { return .unsupported("3gpp") }
                return .unsupported("iso-media(\(printable(brand)))")
            }
        }
        if bytesAt(0, [0x00, 0x00, 0x01, 0xBA]) { return .supported(.mpeg) }
        if bytesAt(0, [0x00, 0x00, 0x01, 0xB3]) { return .supported(.mpeg2Video) }
        if b.count >= 4, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 {
            let version = (b[1] >> 3) & 0x3  // 01 reserved
            let layer = (b[1] >> 1) & 0x3  // 01 = Layer III
            let bitrate = b[2] >> 4  // 1111 invalid
            let rate = (b[2] >> 2) & 0x3  // 11 reserved
            if version != 1, layer == 1, bitrate != 0xF, rate != 3 { return .supported(.mp3) }
            if layer == 0 { return .unsupported("aac-adts") }
            return .unsupported("mpeg-audio")
        }
        return .unsupported(describeOther(b))
    }

    private static func describeOther(_ b: [UInt8]) -> String {
        if b.starts(with: Array("%PDF".utf8)) { return "pdf" }
        if b.starts(with: Array("OggS".utf8)) { return "ogg" }
        if b.starts(with: Array("fLaC".utf8)) { return "flac" }
        if b.starts(with: Array("BM".utf8)) { return "bmp" }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "tiff" }
        if b.first == 0x47 { return "mpeg-ts" }
        // Text: skip a BOM and whitespace and look at the first character.
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
        if i < b.count {
            let rest = String(decoding: b[i...], as: UTF8.self).lowercased()
            if rest.hasPrefix("<!doctype html") || rest.hasPrefix("<html") || rest.hasPrefix("<head")
                || rest.hasPrefix("<!doc") || rest.hasPrefix("<body")
            {
                return "html"
            }
            if rest.hasPrefix("<?xml") || rest.hasPrefix("<svg") { return "xml" }
            if b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "[") { return "json" }
            if rest.hasPrefix("<") { return "html" }
        }
        return "unknown"
    }

    private static func printable(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}
