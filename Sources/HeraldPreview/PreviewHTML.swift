import HeraldFit

/// The HTML form of the preview: one self-contained page (no network, no
/// scripts from elsewhere) laying each result out as an iOS lock-screen
/// notification on the first surface of the fit table (Docs/fit.md: the Lock Screen of a
/// compact phone). Title, subtitle and body show what the device shows, cut with "…" where
/// Herald's layout (real fonts, ICU line breaks) cuts them; a cut notification is marked with
/// every surface it does not fit, and "only what does not fit" hides the others.
/// Right-to-left languages are laid out right to left (`dir="rtl"` on the banner).
enum PreviewHTML {
    static func page(_ items: [PreviewItem]) -> String {
        var examples: [String] = []
        for i in items where !examples.contains(i.example) { examples.append(i.example) }
        let settings = FitSettings()
        let surface = settings.surfaces[0]
        let unavailable = TextEngine.shared(settings).unavailable
        var body = ""
        var cut = 0
        for example in examples {
            body += "<section class=\"example\" id=\"\(escape(example))\">\n<h2>\(escape(example))</h2>\n<div class=\"grid\">\n"
            for item in items where item.example == example {
                let fit = PreviewFit.measure(item, settings: settings)
                if fit?.isCut ?? false { cut += 1 }
                body += banner(item, fit: fit)
            }
            body += "</div>\n</section>\n"
        }
        let fitLine = unavailable.map { "<p class=\"nofit\">Not measured: layout engine unavailable (\(escape($0))).</p>" }
            ?? "<p class=\"fitline\">Laid out as on the \(escape(surface.label)) surface (\(PreviewFit.number(surface.width)) pt of text; Docs/fit.md) · \(cut) cut · <label><input type=\"checkbox\" id=\"only-cut\"> only what does not fit</label></p>"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Herald preview</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <header><h1>Herald preview</h1><p>\(items.count) notifications · \(Set(items.map(\.locale)).count) locales · \(examples.count) examples</p>\(fitLine)</header>
            \(body)<script>
            \(layoutCheck)
            \(filter)
            </script>
            </body>
            </html>

            """
    }

    /// A self-check the page runs on load (no network): for every banner it
    /// records the computed direction and which edge the body's first line
    /// starts from, in `data-layout` on <html>, so a headless browser test can
    /// read what was actually laid out.
    static let layoutCheck = """
        (function () {
          var out = [];
          document.querySelectorAll('article.banner').forEach(function (b) {
            var body = b.querySelector('.body');
            var card = b.querySelector('.card').getBoundingClientRect();
            // Where the first visible character of the body sits: the start edge.
            var text = body.firstChild, center = null;
            for (var i = 0; text && i < text.length && center === null; i++) {
              var r = document.createRange();
              r.setStart(text, i); r.setEnd(text, i + 1);
              var rc = r.getBoundingClientRect();
              if (rc.width > 0) center = rc.left + rc.width / 2;
            }
            var starts = center === null ? 'none' : (center > card.left + card.width / 2 ? 'right' : 'left');
            out.push({ locale: b.dataset.locale, example: b.closest('section').id,
                       direction: getComputedStyle(body).direction,
                       starts: starts,
                       lines: Math.round(body.getBoundingClientRect().height / parseFloat(getComputedStyle(body).lineHeight)) });
          });
          document.documentElement.setAttribute('data-layout', JSON.stringify(out));
        })();
        """

    /// "Only what does not fit": hides the banners that fit.
    static let filter = """
        (function () {
          var box = document.getElementById('only-cut');
          if (box) box.addEventListener('change', function () { document.body.classList.toggle('only-cut', box.checked); });
        })();
        """

    static func banner(_ item: PreviewItem, fit: PreviewFit?) -> String {
        let a = item.alert
        let dir = item.rightToLeft ? "rtl" : "ltr"
        var classes = "banner"
        if item.fallback { classes += " fallback" }
        if fit?.isCut ?? false { classes += " cut" }
        let shownSurface = fit?.surfaces.first
        func shown(_ kind: LineKind, _ text: String) -> String {
            shownSurface?.parts.first { $0.kind == kind }?.shown ?? text
        }
        var html = "<article class=\"\(classes)\" lang=\"\(escape(item.locale))\" dir=\"\(dir)\" data-locale=\"\(escape(item.locale))\" data-served-by=\"\(escape(item.servedBy))\" data-bytes=\"\(item.bytes)\"\(fit.map { " data-cut=\"\(escape($0.cutOn.joined(separator: ", ")))\"" } ?? "")>\n"
        html += "<div class=\"meta\" dir=\"ltr\"><span class=\"loc\">\(escape(item.locale))</span>\(item.sample.map { "<span class=\"sample\">\(escape($0))</span>" } ?? "")<span class=\"served\">\(escape(item.servedBy))\(item.fallback ? " · fallback" : "")</span><span class=\"bytes\">\(item.bytes) B</span></div>\n"
        if let fit, fit.isCut {
            html += "<div class=\"cutmark\" dir=\"ltr\">cut on \(escape(fit.cutOn.joined(separator: ", ")))</div>\n"
        }
        html += "<div class=\"card\"><div class=\"head\"><span class=\"icon\"></span><span class=\"app\">HERALD</span><span class=\"when\">now</span></div>\n"
        if !a.title.isEmpty { html += "<div class=\"title\">\(escape(shown(.title, a.title)))</div>\n" }
        if !a.subtitle.isEmpty { html += "<div class=\"subtitle\">\(escape(shown(.subtitle, a.subtitle)))</div>\n" }
        html += "<div class=\"body\">\(escape(shown(.body, a.body)))</div></div>\n"
        if !item.diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\" dir=\"ltr\">" + item.diagnostics.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += "</article>\n"
        return html
    }

    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The page's style, its geometry from the first surface of the fit table.
    static var css: String {
        let surface = FitSettings().surfaces[0]
        func px(_ v: Double) -> String { PreviewFit.number(v) + "px" }
        let title = surface.styles[.title] ?? LineStyle(size: 15, weight: 600, lines: 1)
        let subtitle = surface.styles[.subtitle] ?? title
        let body = surface.styles[.body] ?? LineStyle(size: 15, weight: 400, lines: 4)
        let banner = surface.width + 2 * 14
        return """
        :root { color-scheme: dark; }
        body { margin: 0; padding: 24px; background: linear-gradient(160deg, #1d2b64, #0f0c29); min-height: 100vh;
               font-family: -apple-system, "SF Pro Text", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", system-ui, sans-serif; color: #fff; }
        header h1 { font-weight: 600; margin: 0 0 4px; }
        header p { margin: 0 0 24px; opacity: .7; }
        h2 { font-weight: 600; font-size: 18px; margin: 32px 0 12px; opacity: .9; }
        .fitline, .nofit { margin: -16px 0 24px; opacity: .85; font-size: 13px; }
        .only-cut .banner:not(.cut) { display: none; }
        .cutmark { font-size: 11px; color: #ff9f0a; margin: 0 4px 4px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(\(px(banner)), 1fr)); gap: 16px; }
        .banner { width: \(px(banner)); }
        .meta { display: flex; gap: 8px; font-size: 11px; opacity: .65; margin: 0 4px 4px; }
        .meta .bytes { margin-left: auto; }
        .card { background: rgba(245, 245, 245, .78); color: #000; border-radius: 20px; padding: 12px 14px; width: \(px(surface.width));
                box-shadow: 0 4px 24px rgba(0,0,0,.25); backdrop-filter: blur(20px); }
        .head { display: flex; align-items: center; gap: 8px; font-size: 13px; color: rgba(0,0,0,.55); margin-bottom: 4px; }
        .icon { width: 20px; height: 20px; border-radius: 5px; background: linear-gradient(135deg, #ff9500, #ff2d55); flex: none; }
        .when { margin-inline-start: auto; }
        .title, .subtitle, .body { font-family: Inter, -apple-system, "SF Pro Text", "Noto Sans", sans-serif; }
        .title { font-size: \(px(title.size)); font-weight: \(title.weight); max-width: \(px(surface.lineWidth(.title))); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .subtitle { font-size: \(px(subtitle.size)); font-weight: \(subtitle.weight); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .body { font-size: \(px(body.size)); font-weight: \(body.weight); line-height: 1.3; display: -webkit-box; -webkit-line-clamp: \(body.lines); -webkit-box-orient: vertical;
                overflow: hidden; overflow-wrap: anywhere; }
        .fallback .card { outline: 2px solid #ff9f0a; }
        .cut .card { box-shadow: 0 0 0 2px #ff9f0a, 0 4px 24px rgba(0,0,0,.25); }
        .diagnostics { font-size: 11px; color: #ffd60a; margin: 4px 8px; padding: 0 12px; }
        """
    }
}
