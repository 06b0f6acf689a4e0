/// Text inserted into a sentence from outside (loc-args, a decrypted message or its
/// sender, a reminder's title) wrapped so that it cannot reorder the sentence
/// around it, whatever it holds and whatever the language (left to right or right
/// to left): the Unicode Bidirectional Algorithm treats an isolate as one neutral
/// character from outside, and nothing inside it reaches past its end.
///
/// Every inserted text is isolated, not only text with right-to-left letters or
/// bidi controls: an isolate acts as a neutral where a bare Latin word acts as a
/// left-to-right letter, so isolating only "dangerous" text would let a harmless
/// and a hostile argument order the same sentence differently.
///
/// What the wrapping does (FSI U+2068 … PDI U+2069, first-strong direction):
/// - a PDI with no isolate of the text's own to close is dropped (it would close
///   ours early), and isolates the text leaves open are closed before ours ends;
///   embeddings and overrides (U+202A–U+202E) end at our PDI by the algorithm;
/// - paragraph separators (line breaks, U+2029 …) would cut the sentence into
///   paragraphs of which later ones start outside the isolate: in `singleLine`
///   text they (and U+2028 LINE SEPARATOR) become spaces; otherwise (a message that
///   is the whole body) each line is isolated on its own.
///
/// The six bytes an isolate costs are part of the text, so the payload budget
/// counts them; the shortening closes isolates it cuts (`PayloadWriter`).
public enum BidiIsolation {
    public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// `text` isolated (see the type's documentation); "" stays "".
    public static func isolate(_ text: String, singleLine: Bool = true) -> String {
        var out = String.UnicodeScalarView()
        var inside = false
        var open = 0
        func end() {
            for _ in 0..<open { out.append(popDirectionalIsolate) }
            out.append(popDirectionalIsolate)
            inside = false
            open = 0
        }
        for u in text.unicodeScalars {
            // U+2028 LINE SEPARATOR breaks the line without ending the paragraph: in
            // single-line text it becomes a space like the other line breaks.
            if isParagraphSeparator(u) || (singleLine && u.value == 0x2028) {
                if singleLine {
                    if !inside {
                        out.append(firstStrongIsolate)
                        inside = true
                    }
                    out.append(" ")
                    continue
                }
                if inside { end() }
                out.append(u)
                continue
            }
            if !inside {
                out.append(firstStrongIsolate)
                inside = true
            }
            switch u.value {
            case 0x2066, 0x2067, 0x2068:
                open += 1
                out.append(u)
            case 0x2069:
                if open > 0 {
                    open -= 1
                    out.append(u)
                }
            default:
                out.append(u)
            }
        }
        if inside { end() }
        return String(out)
    }

    /// Bidi class B: the characters that end a paragraph.
    public static func isParagraphSeparator(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029: return true
        default: return false
        }
    }
}
