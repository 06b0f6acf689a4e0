/// Which of CLDR's sample numbers to try for a plural category. A category
/// often covers far more than its first sample (Russian `one` is 1, 21, 31,
/// 101…; Slovenian `one` is 1, 101, 201…), and a form that reads right for the
/// first ("ваш билет", your ticket) can read wrong for the others. So the
/// checks and the preview try the first sample and then the first sample of
/// each longer number of integer digits (ru `one`: 1, 21, 101; sl `one`: 1,
/// 101, 1001; en `other`: 0, 10, 100), at most `limit` of them.
public enum PluralSamples {
    public static func representative(_ samples: [String], limit: Int = 3) -> [String] {
        var out: [String] = []
        var lastDigits = -1
        for s in samples where out.count < limit {
            let digits = s.utf8.prefix { $0 != UInt8(ascii: ".") }.count
            if digits > lastDigits {
                out.append(s)
                lastDigits = digits
            }
        }
        return out
    }
}
