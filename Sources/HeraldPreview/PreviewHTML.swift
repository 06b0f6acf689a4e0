import HeraldPseudo

/// The HTML form of the preview: one self-contained page (no network, no
/// scripts from elsewhere) laying each result out as an iOS lock-screen
/// banner (its geometry is `LockScreenLayout`'s). Title and subtitle are cut to one line and the body to four, with
/// an ellipsis, as the lock screen shows a notification; right-to-left
/// languages are laid out right to left (`dir="rtl"` on the banner).
enum PreviewHTML {
    static func page(_ items: [PreviewItem]) -> String {
        var examples: [String] = []
        for i in items where !examples.contains(i.example) { examples.append(i.example) }
        var body = ""
        for example in examples {
            body += "<section class=\"example\" id=\"\(escape(example))\">\n<h2>\(escape(example))</h2>\n<div class=\"grid\">\n"
            for item in items where item.example == example {
                body += banner(item)
            }
            body += "</div>\n</section>\n"
        }
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
            <header><h1>Herald preview</h1><p>\(items.count) notifications · \(Set(items.map(\.locale)).count) locales · \(examples.count) examples</p></header>
            \(body)<script>
            \(layoutCheck)
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

    static func banner(_ item: PreviewItem) -> String {
        let a = item.alert
        let dir = item.rightToLeft ? "rtl" : "ltr"
        var classes = "banner"
        if item.fallback { classes += " fallback" }
        var html = "<article class=\"\(classes)\" lang=\"\(escape(item.locale))\" dir=\"\(dir)\" data-locale=\"\(escape(item.locale))\" data-served-by=\"\(escape(item.servedBy))\" data-bytes=\"\(item.bytes)\">\n"
        html += "<div class=\"meta\" dir=\"ltr\"><span class=\"loc\">\(escape(item.locale))</span>\(item.sample.map { "<span class=\"sample\">\(escape($0))</span>" } ?? "")<span class=\"served\">\(escape(item.servedBy))\(item.fallback ? " · fallback" : "")</span><span class=\"bytes\">\(item.bytes) B</span></div>\n"
        html += "<div class=\"card\"><div class=\"head\"><span class=\"icon\"></span><span class=\"app\">HERALD</span><span class=\"when\">now</span></div>\n"
        if !a.title.isEmpty { html += "<div class=\"title\">\(escape(a.title))</div>\n" }
        if !a.subtitle.isEmpty { html += "<div class=\"subtitle\">\(escape(a.subtitle))</div>\n" }
        html += "<div class=\"body\">\(escape(a.body))</div></div>\n"
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

    static let css = """
        :root { color-scheme: dark; }
        body { margin: 0; padding: 24px; background: linear-gradient(160deg, #1d2b64, #0f0c29); min-height: 100vh;
               font-family: -apple-system, "SF Pro Text", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", system-ui, sans-serif; color: #fff; }
        header h1 { font-weight: 600; margin: 0 0 4px; }
        header p { margin: 0 0 24px; opacity: .7; }
        h2 { font-weight: 600; font-size: 18px; margin: 32px 0 12px; opacity: .9; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(\(LockScreenLayout.bannerWidth)px, 1fr)); gap: 16px; }
        .banner { width: \(LockScreenLayout.bannerWidth)px; }
        .meta { display: flex; gap: 8px; font-size: 11px; opacity: .65; margin: 0 4px 4px; }
        .meta .bytes { margin-left: auto; }
        .card { background: rgba(245, 245, 245, .78); color: #000; border-radius: 20px; padding: 12px \(LockScreenLayout.cardPadding)px;
                box-shadow: 0 4px 24px rgba(0,0,0,.25); backdrop-filter: blur(20px); }
        .head { display: flex; align-items: center; gap: 8px; font-size: 13px; color: rgba(0,0,0,.55); margin-bottom: 4px; }
        .icon { width: 20px; height: 20px; border-radius: 5px; background: linear-gradient(135deg, #ff9500, #ff2d55); flex: none; }
        .when { margin-inline-start: auto; }
        .title, .subtitle { font-size: \(LockScreenLayout.fontSize)px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .subtitle { font-weight: 500; }
        .body { font-size: \(LockScreenLayout.fontSize)px; line-height: 1.3; display: -webkit-box; -webkit-line-clamp: \(LockScreenLayout.bodyLines); -webkit-box-orient: vertical;
                overflow: hidden; overflow-wrap: anywhere; }
        .fallback .card { outline: 2px solid #ff9f0a; }
        .diagnostics { font-size: 11px; color: #ffd60a; margin: 4px 8px; padding: 0 12px; }
        """
}
