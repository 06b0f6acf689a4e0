import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// Herald's layout against a real browser's (issue #33): every built-in example in every
/// shipped locale and pseudo-locale, as `herald preview --format json` lays it out on each surface, is set
/// again by headless Chromium with the same fonts (the families Herald used, in its order),
/// size, weight and width, and its lines measured from the browser's own character boxes.
/// The lines shown (with `-webkit-line-clamp`) and where each starts must agree, and so must
/// the cut: where, on the last line shown, the rest of the text with "…" stops fitting,
/// measured with the browser's widths. At least 99 % of the layouts agree; each difference
/// is printed with both answers.
///
/// Runs where chromium, HarfBuzz, fontconfig and the fonts are installed; required under CI.
@Suite(.serialized) struct FitBrowserTests {
    static var shouldRun: Bool { PreviewBrowserTests.shouldRun }

    /// One text laid out at one width and style, with Herald's answer.
    struct Case {
        var locale: String
        var text: String
        var width: Double
        var size: Double
        var weight: Int
        var maxLines: Int
        var fonts: [String]
        var lineStarts: [Int]
        var cut: Int?
    }

    /// Every distinct layout of the preview's items.
    static func cases(_ items: [JSONValue]) -> [Case] {
        var out: [Case] = []
        var seen = Set<String>()
        for item in items {
            guard let locale = item["locale"]?.stringValue, let surfaces = item["fit"]?.arrayValue,
                let alert = item["payload"]?["aps"]?["alert"]
            else { continue }
            for s in surfaces {
                for kind in ["title", "subtitle", "body"] {
                    guard let p = s[kind], let text = alert[kind]?.stringValue ?? (kind == "body" ? alert.stringValue : nil),
                        let width = p["width"]?.doubleValue, let size = p["size"]?.doubleValue, let weight = p["weight"]?.intValue,
                        let maxLines = p["maxLines"]?.intValue
                    else { continue }
                    let key = "\(locale)|\(width)|\(size)|\(weight)|\(maxLines)|\(text)"
                    guard seen.insert(key).inserted else { continue }
                    out.append(Case(
                        locale: locale, text: text, width: width, size: size, weight: Int(weight), maxLines: Int(maxLines),
                        fonts: (p["fonts"]?.arrayValue ?? []).compactMap(\.stringValue),
                        lineStarts: (p["lineStarts"]?.arrayValue ?? []).compactMap { $0.intValue.map(Int.init) },
                        cut: p["cut"]?.intValue.map(Int.init)))
                }
            }
        }
        return out
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The text as HTML, a short isolate holding a digit kept on one line (Herald never
    /// breaks inside one: Docs/fit.md).
    static func html(_ text: String) -> String {
        var out = ""
        var pending = ""
        var depth = 0
        for c in text.unicodeScalars {
            if depth == 0 {
                if (0x2066...0x2068).contains(c.value) { depth = 1; pending = String(c) } else { out += escape(String(c)) }
                continue
            }
            pending.unicodeScalars.append(c)
            if (0x2066...0x2068).contains(c.value) { depth += 1 }
            if c.value == 0x2069 { depth -= 1 }
            if depth == 0 {
                let digit = pending.unicodeScalars.contains { $0.properties.numericType == .decimal } && pending.utf16.count - 2 <= 32
                out += digit ? "<span class=\"nb\">\(escape(pending))</span>" : escape(pending)
                pending = ""
            }
        }
        return out + escape(pending)
    }

    static func page(_ cases: [Case]) -> String {
        var body = ""
        for (i, c) in cases.enumerated() {
            let family = c.fonts.map { "'\($0.replacingOccurrences(of: "'", with: ""))'" }.joined(separator: ", ")
            let style = "width:\(c.width)px;font-size:\(c.size)px;font-weight:\(c.weight);font-family:\(escape(family))"
            let herald = c.lineStarts.map(String.init).joined(separator: ",")
            body += "<div class=\"t\" id=\"t\(i)\" lang=\"\(escape(c.locale))\" data-lines=\"\(c.maxLines)\" data-herald=\"\(herald)\" style=\"\(style)\">\(html(c.text))</div>"
            body += "<div class=\"t clamp\" id=\"k\(i)\" lang=\"\(escape(c.locale))\" style=\"\(style);-webkit-line-clamp:\(c.maxLines)\">\(html(c.text))</div>\n"
        }
        return """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>
            body { margin: 0; }
            .t { line-height: 20px; white-space: normal; overflow-wrap: anywhere; word-break: normal; text-rendering: optimizeLegibility; }
            .clamp { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
            .nb { white-space: nowrap; }
            </style></head><body>
            \(body)<script>
            \(script)
            </script></body></html>
            """
    }

    /// For each case: the UTF-16 offset each line starts at (from the boxes of the text's
    /// graphemes), the lines the clamped twin shows, and the cut measured with the browser's
    /// widths (the rest of the text on the last line shown, cut where it and "…" no longer fit).
    static let script = """
        (function () {
          var seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
          // Widths from a canvas with the element's font (the same fonts and shaping, no
          // layout of the page per measure).
          var ctx = document.createElement('canvas').getContext('2d');
          ctx.fontKerning = 'normal';
          function width(el, s) { ctx.font = el.dataset.font || (el.dataset.font = getComputedStyle(el).font); return ctx.measureText(s).width; }
          function isSpace(ch) { return /^[ \\u3000\\t\\u1680\\u2000-\\u2006\\u2008-\\u200a\\u205f]$/.test(ch); }
          var out = [];
          // First every read of the laid-out page, then the measures.
          for (var i = 0; ; i++) {
            var el = document.getElementById('t' + i);
            if (!el) break;
            var nodes = [], text = '';
            var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
            function at(k) { for (var n = nodes.length - 1; n >= 0; n--) if (nodes[n][1] <= k) return [nodes[n][0], k - nodes[n][1]]; }
            var starts = [], lastTop = null;
            var bounds = [];
            for (const g of seg.segment(text)) bounds.push(g.index);
            bounds.push(text.length);
            for (var b = 0; b + 1 < bounds.length; b++) {
              var a = at(bounds[b]), r = document.createRange();
              r.setStart(a[0], a[1]);
              var e = at(bounds[b + 1]); if (e[0] !== a[0]) e = [a[0], a[0].data.length];
              r.setEnd(e[0], e[1]);
              var rects = r.getClientRects();
              if (!rects.length) continue;
              var top = rects[0].top;
              if (lastTop === null || top > lastTop + 10) { starts.push(bounds[b]); lastTop = top; }
            }
            var k = document.getElementById('k' + i);
            out.push({ el: el, text: text, bounds: bounds, starts: starts, shown: Math.round(k.getBoundingClientRect().height / 20) });
          }
          var result = out.map(function (o) {
            var el = o.el, text = o.text, bounds = o.bounds, starts = o.starts;
            var max = parseInt(el.dataset.lines, 10);
            var cut = null;
            if (starts.length > max) {
              var s = starts[max - 1], W = parseFloat(el.style.width), dots = width(el, '\\u2026');
              cut = s;
              for (var b = 0; b < bounds.length; b++) {
                var c = bounds[b];
                if (c <= s) continue;
                var piece = text.slice(s, c);
                while (piece.length && isSpace(piece[piece.length - 1])) piece = piece.slice(0, -1);
                if (width(el, piece) + dots > W + 1 / 64) break;
                cut = c;
              }
              while (cut > s && isSpace(text[cut - 1])) cut--;
            }
            // Where the lines differ, the browser's width of each line as Herald broke it, up
            // to the next line's start (to explain the difference).
            var hs = el.dataset.herald.split(',').map(Number), widths = [];
            if (JSON.stringify(starts.slice(0, hs.length)) !== JSON.stringify(hs)) {
              for (var h = 0; h < hs.length; h++) {
                var piece = text.slice(hs[h], h + 1 < hs.length ? hs[h + 1] : text.length);
                while (piece.length && isSpace(piece[piece.length - 1])) piece = piece.slice(0, -1);
                widths.push(Math.round(width(el, piece) * 100) / 100);
              }
            }
            return { starts: starts.slice(0, max + 1), shown: o.shown, cut: cut, widths: widths };
          });
          document.documentElement.setAttribute('data-fit', JSON.stringify(result));
        })();
        """

    /// A line start moved past what shows nothing there (isolates, marks, spaces), so that a
    /// zero-width isolate counted on either side of a break reads the same.
    static func normalized(_ offset: Int, in units: [UInt16]) -> Int {
        var o = offset
        while o < units.count, [0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x20].contains(units[o]) { o += 1 }
        return o
    }

    @Test(.enabled(if: FitBrowserTests.shouldRun, "skipped: chromium is not installed (or HERALD_SKIP_BROWSER=1); apt-get install chromium fonts-inter fonts-noto-core fonts-noto-cjk"))
    func heraldsLayoutAgreesWithChromium() async throws {
        guard let browser = PreviewBrowserTests.chromium() else {
            Issue.record("chromium is not installed and CI is set: .ci/run installs it (apt-get install chromium)")
            return
        }
        let r = try await HeraldBinary.run(["preview", "--format", "json", "--deadline-ms", "3600000"])
        #expect(r.status == 0, "\(r.stderr)")
        // And the pseudo-locales, whose longer texts (en-XD doubles every letter) are cut on
        // every surface: the cut positions are compared on them.
        let pseudo = try await HeraldBinary.run(["preview", "--pseudo", "--format", "json", "--deadline-ms", "3600000"])
        #expect(pseudo.status == 0, "\(pseudo.stderr)")
        let items = (try JSONParser.parse(r.stdout)["locales"]?.arrayValue ?? []) + (try JSONParser.parse(pseudo.stdout)["locales"]?.arrayValue ?? [])
        let cases = Self.cases(items)
        guard !cases.isEmpty else {
            Issue.record("herald preview laid nothing out (fit is null: the layout engine is unavailable; apt-get install libharfbuzz0b fontconfig fonts-inter)")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("fit.html")
        try Self.page(cases).write(to: page, atomically: true, encoding: .utf8)
        let (status, dom) = try await PreviewBrowserTests.run(
            browser, PreviewBrowserTests.common(dir) + ["--virtual-time-budget=60000", "--dump-dom", page.absoluteString])
        #expect(status == 0)
        guard let start = dom.range(of: "data-fit=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
            Issue.record("the page did not record its layout")
            return
        }
        let raw = String(dom[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let measured = try JSONParser.parse(raw).arrayValue ?? []
        #expect(measured.count == cases.count)
        var agree = 0
        var differences: [String] = []
        for (c, m) in zip(cases, measured) {
            let units = Array(c.text.utf16)
            let browserStarts = (m["starts"]?.arrayValue ?? []).compactMap { $0.intValue.map(Int.init) }.map { Self.normalized($0, in: units) }
            let heraldStarts = c.lineStarts.map { Self.normalized($0, in: units) }
            let browserShown = m["shown"]?.intValue.map(Int.init) ?? -1
            let browserCut = m["cut"]?.intValue.map(Int.init)
            // Herald reports the lines shown; the browser all of them (the next one says "cut").
            let sameLines = Array(browserStarts.prefix(c.maxLines)) == heraldStarts && browserShown == heraldStarts.count
            let sameCut = browserCut == c.cut
            if sameLines && sameCut {
                agree += 1
            } else {
                differences.append("\(c.locale) \(Int(c.width)) pt \(c.weight) \(c.maxLines) lines: herald \(heraldStarts) cut \(c.cut.map(String.init) ?? "-"), chromium \(browserStarts) shown \(browserShown) cut \(browserCut.map(String.init) ?? "-"), Herald's lines in chromium \((m["widths"]?.arrayValue ?? []).compactMap(\.doubleValue)) pt: \(c.text.debugDescription)")
            }
        }
        let rate = Double(agree) / Double(max(cases.count, 1))
        let cuts = cases.count(where: { $0.cut != nil })
        print("fit: Herald and Chromium agree on \(agree) of \(cases.count) layouts (\(String(format: "%.2f", rate * 100)) %; \(cuts) of them cut)")
        // Cut texts are compared too: the built-in examples hold some in every run.
        #expect(cuts > 0)
        for d in differences { print("fit difference: \(d)") }
        #expect(rate >= 0.99, "Herald and Chromium agree on \(agree) of \(cases.count) layouts:\n\(differences.prefix(20).joined(separator: "\n"))")
    }
}
