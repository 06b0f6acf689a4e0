import Testing

@testable import HeraldMedia

/// Magic numbers from the formats' specifications (PNG §5.2, GIF89a header,
/// JFIF SOI+APPn, EA IFF 85 / AIFF, RIFF WAVE/AVI, ID3v2 header, MPEG-1 audio
/// frame header, ISO/IEC 14496-12 ftyp box, ISO/IEC 13818-1 pack/sequence headers).
@Suite struct MediaSnifferTests {
    func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
    func sniff(_ b: [UInt8]) -> SniffResult { MediaSniffer.sniff(b) }

    @Test func images() {
        #expect(sniff(Fixture.png) == .supported(.png))
        #expect(sniff(Fixture.gif) == .supported(.gif))
        #expect(sniff(ascii("GIF87a") + [1, 0, 1, 0]) == .supported(.gif))
        #expect(sniff([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + ascii("JFIF")) == .supported(.jpeg))
        #expect(sniff([0xFF, 0xD8, 0xFF, 0xE1] + ascii("..Exif")) == .supported(.jpeg))
    }

    @Test func audio() {
        #expect(sniff(ascii("FORM") + [0, 0, 0, 40] + ascii("AIFFCOMM")) == .supported(.aiff))
        #expect(sniff(ascii("FORM") + [0, 0, 0, 40] + ascii("AIFCFVER")) == .unsupported("aifc"))
        #expect(sniff(ascii("RIFF") + [36, 0, 0, 0] + ascii("WAVEfmt ")) == .supported(.wav))
        #expect(sniff(Fixture.id3) == .supported(.mp3))
        // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: FF FB 90 44.
        #expect(sniff([0xFF, 0xFB, 0x90, 0x44, 0, 0, 0, 0]) == .supported(.mp3))
        // MPEG-2 Layer III (FF F3) is MP3 too.
        #expect(sniff([0xFF, 0xF3, 0x48, 0xC4, 0, 0]) == .supported(.mp3))
        // ADTS AAC (layer bits 00) is not MP3.
        #expect(sniff([0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]) == .unsupported("aac-adts"))
        // Layer II is not MP3.
        #expect(sniff([0xFF, 0xFD, 0x90, 0x44]) == .unsupported("mpeg-audio"))
        // Bad bitrate index 1111.
        #expect(sniff([0xFF, 0xFB, 0xF0, 0x44]) == .unsupported("mpeg-audio"))
        #expect(sniff([0, 0, 0, 0x20] + ascii("ftypM4A ") + [0, 0, 0, 0]) == .supported(.m4a))
    }

    @Test func video() {
        #expect(sniff([0, 0, 0, 0x20] + ascii("ftypisom") + [0, 0, 2, 0]) == .supported(.mp4))
        #expect(sniff([0, 0, 0, 0x18] + ascii("ftypmp42") + [0, 0, 0, 0]) == .supported(.mp4))
        #expect(sniff([0, 0, 0, 0x14] + ascii("ftypqt  ") + [0, 0, 0, 0]) == .unsupported("quicktime"))
        #expect(sniff([0, 0, 0, 0x18] + ascii("ftypheic") + [0, 0, 0, 0]) == .unsupported("heif"))
        #expect(sniff([0, 0, 0, 0x18] + ascii("ftyp3gp4") + [0, 0, 0, 0]) == .unsupported("3gpp"))
        #expect(sniff([0, 0, 1, 0xBA, 0x44, 0, 4, 0]) == .supported(.mpeg))
        #expect(sniff([0, 0, 1, 0xB3, 0x16, 0x00, 0xF0, 0x15]) == .supported(.mpeg2Video))
        #expect(sniff(ascii("RIFF") + [0, 0, 0, 0] + ascii("AVI LIST")) == .supported(.avi))
    }

    @Test func rejected() {
        #expect(sniff(Fixture.html) == .unsupported("html"))
        #expect(sniff(ascii("  <html>")) == .unsupported("html"))
        #expect(sniff(ascii("RIFF") + [0, 0, 0, 0] + ascii("WEBPVP8 ")) == .unsupported("webp"))
        #expect(sniff(ascii("%PDF-1.7\n")) == .unsupported("pdf"))
        #expect(sniff(ascii("{\"error\":1}")) == .unsupported("json"))
        #expect(sniff([]) == .unsupported("empty"))
        #expect(sniff([0x00, 0x01, 0x02]) == .unsupported("unknown"))
    }

    @Test func utisAndExtensions() {
        #expect(MediaType.jpeg.uti == "public.jpeg" && MediaType.jpeg.fileExtension == "jpg")
        #expect(MediaType.gif.uti == "com.compuserve.gif")
        #expect(MediaType.wav.uti == "com.microsoft.waveform-audio")
        #expect(MediaType.m4a.uti == "public.mpeg-4-audio" && MediaType.m4a.kind == .audio)
        #expect(MediaType.mp4.uti == "public.mpeg-4" && MediaType.mp4.kind == .video)
        #expect(MediaType.avi.uti == "public.avi")
    }

    @Test func iOSLimitsInDecimalMegabytes() {
        let l = MediaPolicy.Limits.iOS
        #expect(l.audio == 5_000_000 && l.image == 10_000_000 && l.video == 50_000_000)
        #expect(l.largest == 50_000_000)
    }
}
