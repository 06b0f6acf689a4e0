// The Node baseline of Tools/bench/serve.sh: a minimal `http` + `Intl` server doing the work
// of Herald's `POST /v1/format` for the bench's requests: the message of a key looked up for
// a locale (exact localization, then the language, then en), plural forms chosen with
// Intl.PluralRules, numbers written with Intl.NumberFormat, %@ / %d / %1$@ / %#@var@
// arguments put in. The messages are `herald export --format json` of the same tables.
//
//   node node-format.js MESSAGES.json PORT
//
// Answers one JSON line per request, as `herald format --batch` does: {"text", "servedBy",
// "key", "locale", "plural"}; {"error": "…"} with status 400 or 404 otherwise.
'use strict';
const http = require('http');
const fs = require('fs');

const [messagesPath, portText] = process.argv.slice(2);
if (!messagesPath || !portText) {
  console.error('usage: node node-format.js MESSAGES.json PORT');
  process.exit(2);
}
const messages = JSON.parse(fs.readFileSync(messagesPath, 'utf8'));
const byLower = new Map(Object.keys(messages).map((name) => [name.toLowerCase(), name]));

// Formatters made once per locale, as Herald caches its ICU formatters.
const pluralRules = new Map();
const numberFormats = new Map();
function plurals(locale) {
  let r = pluralRules.get(locale);
  if (!r) { r = new Intl.PluralRules(locale); pluralRules.set(locale, r); }
  return r;
}
function numbers(locale) {
  let f = numberFormats.get(locale);
  if (!f) { f = new Intl.NumberFormat(digits(locale), { useGrouping: false, maximumFractionDigits: 20 }); numberFormats.set(locale, f); }
  return f;
}

// Herald's ICU 72 (CLDR 42) writes Arabic with Arabic-Indic digits; Node's newer ICU writes
// Latin ones by default: asked for explicitly, so both do the same work.
function digits(locale) {
  return /^ar(-|_|$)/i.test(locale) && !/-u-/.test(locale) ? locale + '-u-nu-arab' : locale;
}

// The localization serving `locale`: the tag itself, then shorter prefixes, then en.
function localization(locale) {
  const parts = locale.replace(/_/g, '-').split('-');
  while (parts.length > 0) {
    const hit = byLower.get(parts.join('-').toLowerCase());
    if (hit) return hit;
    parts.pop();
  }
  return byLower.get('en') || null;
}

const specifier = /%(?:(\d+)\$)?(?:#@([A-Za-z0-9_]+)@|([-+ 0#]*\d*(?:\.\d+)?)(ll|l|h|hh|q|z|t|j)?([@dDiuUxXoOfeEgGcsS%]))/g;

// Right-to-left languages: each inserted argument is wrapped in FSI … PDI, as Herald does.
const rightToLeft = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'ckb', 'dv', 'sd', 'ug']);
function isolator(locale) {
  return rightToLeft.has(locale.split(/[-_]/)[0].toLowerCase()) ? (t) => '\u2068' + t + '\u2069' : (t) => t;
}

// Puts `args` into `format`; `variables` are a plural entry's, `chosen` collects categories.
// In a plural form, specifiers without a position (and a catalog's `%name`) read the
// variable's own argument, `only`.
function fill(format, args, locale, variables, chosen, only) {
  const isolate = isolator(locale);
  let next = 0;
  return format.replace(specifier, (whole, position, variable, flags, _length, conversion) => {
    if (conversion === '%') return '%';
    const index = position ? Number(position) - 1 : only !== undefined ? only : next++;
    const arg = args[index];
    if (variable) {
      const spec = variables && variables[variable];
      if (!spec) return whole;
      const own = position ? index : spec.argNum ? spec.argNum - 1 : index;
      const n = Number(args[own]);
      const category = plurals(locale).select(n);
      chosen[variable] = spec[category] !== undefined ? category : 'other';
      let form = spec[category] !== undefined ? spec[category] : spec.other;
      // A String Catalog's forms write the variable's argument as `%arg`.
      const placeholder = '%' + (own + 1) + '$' + (spec.type || 'd');
      form = form.split('%' + variable).join(placeholder).split('%arg').join(placeholder);
      return fill(form, args, locale, null, chosen, own);
    }
    if (arg === undefined) return whole;
    if (conversion === '@' || conversion === 's' || conversion === 'S') return isolate(String(arg));
    const n = Number(arg);
    if (conversion === 'f' && flags && flags.includes('.')) {
      const digits = Number(flags.split('.')[1]);
      return isolate(new Intl.NumberFormat(digits(locale), { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n));
    }
    return isolate(numbers(locale).format(n));
  });
}

function answer(request) {
  if (typeof request !== 'object' || request === null || typeof request.key !== 'string' || typeof request.locale !== 'string') {
    return [400, { error: 'a request is {"key", "locale", "args"}' }];
  }
  const table = request.table || 'Localizable';
  const served = localization(request.locale);
  let message = served && messages[served][table] && messages[served][table][request.key];
  let servedBy = served;
  if (message === undefined && messages.en && messages.en[table]) {
    message = messages.en[table][request.key];
    servedBy = 'en';
  }
  if (message === undefined) return [404, { error: `no ${table} key ${JSON.stringify(request.key)}`, key: request.key, locale: request.locale }];
  const args = Array.isArray(request.args) ? request.args : [];
  const chosen = {};
  const text = typeof message === 'string'
    ? fill(message, args, request.locale, null, chosen)
    : fill(message.format, args, request.locale, message.variables, chosen);
  return [200, { text, servedBy, key: request.key, locale: request.locale, plural: chosen }];
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/readyz') { res.end('ready\n'); return; }
  if (req.method !== 'POST' || req.url !== '/v1/format') { res.statusCode = 404; res.end(); return; }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let status, body;
    try {
      [status, body] = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch (e) {
      [status, body] = [400, { error: `not JSON: ${e.message}` }];
    }
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body) + '\n');
  });
});
server.keepAliveTimeout = 60000;
server.listen(Number(portText), '127.0.0.1');
