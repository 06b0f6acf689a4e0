// swift-tools-version:6.1
// Herald: localized push notification rendering (see README.md for the module map).
import PackageDescription

// Heavy dependencies are only linked by the targets that need them: swift-crypto by
// HeraldSealing, GRDB by HeraldStore, SwiftNIO and what is built on it by HeraldNetwork
// (AsyncHTTPClient), HeraldService (Hummingbird) and HeraldPostgres (postgres-nio).
// Everything from the tables to the renderer builds without them, and the herald binary
// loads none of the SwiftNIO stack.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// The products of other packages that several targets link, named once.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
let nioSSL: Target.Dependency = .product(name: "NIOSSL", package: "swift-nio-ssl")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

// The executables installed side by side (Docs/install.md).
let executables = ["herald", "herald-net", "herald-server", "herald-worker", "herald-sourcekeys", "herald-mcp"]
// The libraries an app or a tool imports, each a product of the target of its name, usable with
// its own import alone (it re-exports the modules its public API is made of, see Exports.swift).
// The table modules, Render and Lint build without swift-crypto and GRDB
// (Tools/scripts/check-products.py); HeraldNetwork is what an app's extension links to fetch
// media and deliver receipts over HTTP.
let libraries = [
    "HeraldStage", "HeraldRender", "HeraldTableFormats", "HeraldTables", "HeraldTableInterchange", "HeraldLint", "HeraldPreview",
    "HeraldNetwork",
]

// Built and tested on Linux only (Glibc, ICU from the system), so no Apple platform is
// declared.
let package = Package(
    name: "Herald",
    products: executables.map { .executable(name: $0, targets: [$0]) } + libraries.map { .library(name: $0, targets: [$0]) },
    // `swift build --traits OpenTelemetry`: herald-server can export OpenTelemetry traces
    // (Docs/service.md, "Tracing"). Off by default, so a default build compiles no swift-otel.
    traits: [
        .trait(name: "OpenTelemetry", description: "herald serve exports traces over OTLP/HTTP (swift-otel)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // The server side: SwiftNIO and what is built on it. Only HeraldNetwork (the HTTP
        // client), HeraldService (`herald serve`) and HeraldPostgres (`herald worker`) link
        // them; the herald binary loads none of them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // herald serve's TLS (already built for AsyncHTTPClient and Hummingbird) and the HTTP
        // parts its connection handlers see.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Tracing (already built for Hummingbird) and, with the OpenTelemetry trait only, its
        // OTLP/HTTP exporter (swift-otel without its gRPC exporter).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.3.0"),
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        // `swift package generate-documentation --target HeraldStage` (the DocC catalog);
        // a command plugin, built only when that command runs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `herald validate --sources DIR`: the app's Swift code parsed for its lookups. Only
        // HeraldSourceKeys links it (SwiftParser and SwiftSyntax, nothing else of the package).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `herald mcp`: the Model Context Protocol SDK, linked only by herald-mcp.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        // ICU, found with pkg-config (Debian: libicu-dev). Only CHeraldICU sees it.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The one target that includes ICU headers: plain C functions, no ICU types.
        .target(
            name: "CHeraldICU",
            dependencies: ["CICU"]
        ),
        // Locked<Value>: the one lock (a pthread mutex, which ThreadSanitizer sees).
        .target(name: "HeraldSync", swiftSettings: strict),
        // The one diagnostic shape (rule, severity, location, subject, message) every
        // layer reports in, and the one way to quote outside text in it (OutsideText, Excerpt).
        .target(name: "HeraldDiagnostics", swiftSettings: strict),
        // The six CLDR plural category names, without ICU: what the table readers and ICU's
        // plural rules share (HeraldICU re-exports it).
        .target(name: "HeraldPluralCategory", swiftSettings: strict),
        // The Swift face of ICU: plural rules, numbers, currency, dates, relative
        // time, locale ids, MessageFormat. Formatters are cached per locale/options.
        .target(name: "HeraldICU", dependencies: ["CHeraldICU", "HeraldSync", "HeraldPluralCategory"], swiftSettings: strict),
        // MessageFormat 2 (Unicode's message syntax): parser, data model, selection, bidi
        // isolation and the standard functions, formatted with ICU through HeraldICU.
        .target(name: "HeraldMF2", dependencies: ["HeraldICU", "HeraldSync"], swiftSettings: strict),
        // `herald export --format mf2`: printf-style messages as MessageFormat 2 (Docs/mf2.md).
        .target(
            name: "HeraldMF2Export", dependencies: ["HeraldMF2", "HeraldRender", "HeraldTables", "HeraldICU", "HeraldDiagnostics"],
            swiftSettings: strict),
        // A JSON reader that keeps key order, number literals as written and positions.
        .target(name: "HeraldJSON", swiftSettings: strict),
        // The tables are three modules, as fluent-rs splits syntax, bundle and fallback:
        // the table files (.strings, .stringsdict, .xcstrings) read into the table model with
        // file:line:column origins, and the one answer to "is this a table file" (no ICU);
        .target(
            name: "HeraldTableFormats", dependencies: ["HeraldPluralCategory", "HeraldJSON", "HeraldDiagnostics"],
            swiftSettings: strict),
        // the catalog of a folder and its lookup along a locale's localization chain (ICU
        // locale ids); `import HeraldTables` also gives HeraldTableFormats;
        .target(
            name: "HeraldTables", dependencies: ["HeraldTableFormats", "HeraldJSON", "HeraldICU", "HeraldSync", "HeraldDiagnostics"],
            swiftSettings: strict),
        // Messages compiled to templates and rendered with ICU for a locale.
        .target(
            name: "HeraldRender", dependencies: ["HeraldTables", "HeraldICU", "HeraldMF2", "HeraldJSON", "HeraldSync", "HeraldDiagnostics"],
            swiftSettings: strict),
        // The APNs payload model: aps keys, alert forms, size budget, shortening at
        // grapheme boundaries (Swift's Character; no ICU).
        .target(name: "HeraldPayload", dependencies: ["HeraldJSON"], swiftSettings: strict),
        // Lottery games as data, ticket checking, money in minor units.
        .target(name: "HeraldLottery", swiftSettings: strict),
        // Sealed payloads: HPKE, AES-GCM, legacy ROT13; key files.
        .target(
            name: "HeraldSealing",
            dependencies: ["HeraldJSON", crypto],
            swiftSettings: strict),
        // The shared container: a SQLite database of tickets, reminders, badge.
        .target(
            name: "HeraldStore",
            dependencies: ["HeraldLottery", "HeraldSync", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        // Rich notifications: media references, the fetcher (policy, attachment
        // plan) over a MediaDownloader, the helper-process downloader, attachment
        // descriptions. No FoundationNetworking.
        .target(
            name: "HeraldMedia",
            dependencies: ["HeraldJSON", "HeraldSync", "HeraldDiagnostics"],
            swiftSettings: strict),
        // Everything that talks HTTP (AsyncHTTPClient on SwiftNIO; URLSession only on Apple
        // platforms): media downloads (each hop's checked address pinned, type sniffed, size
        // capped while streaming) and receipt delivery. Linked by herald-net and by an app's
        // extension, never by the herald binary.
        .target(
            name: "HeraldNetwork",
            dependencies: [
                "HeraldMedia", "HeraldStore", "HeraldSync", "HeraldDiagnostics", crypto,
                asyncHTTPClient,
                nioCore, nioPosix,
                nioHTTP1,
            ],
            swiftSettings: strict),
        // The notification service extension stage: open, compute, render, emit.
        .target(
            name: "HeraldStage",
            dependencies: [
                "HeraldPayload", "HeraldRender", "HeraldTables", "HeraldLottery", "HeraldSealing",
                "HeraldStore", "HeraldICU", "HeraldJSON", "HeraldMedia", "HeraldSync", "HeraldDiagnostics",
            ],
            swiftSettings: strict),
        // and interchange: `herald export` (Xcode's JSON, .strings/.stringsdict, String Catalogs,
        // XLIFF) and `herald import` of XLIFF with its placeholder check (validate's rules).
        .target(
            name: "HeraldTableInterchange",
            dependencies: ["HeraldTables", "HeraldTableFormats", "HeraldLint", "HeraldICU", "HeraldJSON", "HeraldDiagnostics"],
            swiftSettings: strict),

        // Text layout (issue #33): HarfBuzz and fontconfig opened at run time (dlopen), so the
        // build needs no -dev package; the one target that calls them (plain C functions).
        .target(name: "CHeraldText", linkerSettings: [.linkedLibrary("dl")]),
        // Does it fit? Notification texts laid out with real fonts (CHeraldText) and ICU's line
        // breaks on the surfaces of a table (Docs/fit.md).
        .target(name: "HeraldFit", dependencies: ["CHeraldText", "HeraldICU", "HeraldJSON", "HeraldSync"], swiftSettings: strict),
        // Pseudo-locales (en-XA, ar-XB…): the source text transformed, specifiers kept.
        .target(
            name: "HeraldPseudo", dependencies: ["HeraldTables", "HeraldRender", "HeraldICU", "HeraldDiagnostics"],
            swiftSettings: strict),
        // herald validate: the translation linter.
        .target(
            name: "HeraldLint", dependencies: ["HeraldFit", "HeraldTables", "HeraldRender", "HeraldMF2", "HeraldICU", "HeraldJSON", "HeraldSync", "HeraldDiagnostics", "HeraldPseudo", "HeraldPayload"],
            swiftSettings: strict),
        // The lookups in an app's Swift code (swift-syntax), for `herald validate --sources`:
        // the one target that links swift-syntax.
        .target(
            name: "HeraldSourceKeys",
            dependencies: [
                "HeraldLint", "HeraldTables", "HeraldDiagnostics",
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: strict),
        // The example pushes `herald examples` and `herald preview` show, with the store
        // contents they need, and the batch request lines made from them.
        .target(name: "HeraldExamples", swiftSettings: strict),
        // The tables `herald` serves without --tables: Localizations/, embedded at build time
        // by the EmbedLocalizations plugin (nothing generated is committed).
        .target(name: "HeraldBuiltinTables", dependencies: ["HeraldTables"], swiftSettings: strict, plugins: ["EmbedLocalizations"]),
        .plugin(name: "EmbedLocalizations", capability: .buildTool(), dependencies: ["herald-embed-localizations"]),
        // The plugin's tool: reads the listed table files, writes the Swift source.
        .executableTarget(name: "herald-embed-localizations", dependencies: ["HeraldTableFormats"], swiftSettings: strict),
        // herald preview: every locale at once (table, JSON, HTML).
        .target(
            name: "HeraldPreview", dependencies: [
                "HeraldStage", "HeraldRender", "HeraldTables", "HeraldICU", "HeraldJSON", "HeraldExamples", "HeraldBuiltinTables",
                "HeraldStore", "HeraldLottery", "HeraldMedia", "HeraldSync", "HeraldDiagnostics", "HeraldPseudo", "HeraldLint", "HeraldFit",
            ],
            swiftSettings: strict),
        // What the executables share as command lines: the exit statuses, the one error
        // type and the one place it is said, --deadline-ms, the receipts flush flags, the
        // quick flag reader. Only executables link it (it brings ArgumentParser).
        .target(
            name: "HeraldCommandLine",
            dependencies: [
                "HeraldDiagnostics", "HeraldJSON", "HeraldStore",
                argumentParser,
            ],
            swiftSettings: strict),
        // The stage's flags (--tables, --store, --keys, --now, --time-zone, --deadline-ms, the
        // sealing flags), declared once for herald, herald-server and herald-worker, and the
        // stage configuration made from them.
        .target(
            name: "HeraldStageOptions",
            dependencies: [
                "HeraldCommandLine", "HeraldStage", "HeraldTables", "HeraldBuiltinTables", "HeraldICU", "HeraldMedia", "HeraldSealing",
                "HeraldStore", argumentParser,
            ],
            swiftSettings: strict),
        // `herald lsp`: the Language Server Protocol over stdio for the tables (Docs/editors.md):
        // framing, documents, dispatch, and the editing features over the linter and renderer.
        .target(
            name: "HeraldLanguageServer",
            dependencies: ["HeraldLint", "HeraldTables", "HeraldRender", "HeraldICU", "HeraldJSON", "HeraldSync", "HeraldDiagnostics"],
            swiftSettings: strict),
        // The tools `herald mcp` offers an assistant (validate, format, render, preview,
        // explain) over one tables folder, as JSON; no MCP SDK here.
        .target(
            name: "HeraldMCPTools",
            dependencies: ["HeraldLanguageServer", "HeraldLint", "HeraldTables", "HeraldRender", "HeraldICU", "HeraldJSON"],
            swiftSettings: strict),
        // `herald mcp`'s executable, installed beside herald: the one target that links the MCP
        // SDK (and the swift-system and Foundation networking it brings).
        .executableTarget(
            name: "herald-mcp",
            dependencies: ["HeraldMCPTools", "HeraldJSON", .product(name: "MCP", package: "swift-sdk")],
            swiftSettings: strict),
        // The command line: a thin shell over the library.
        .executableTarget(
            name: "herald",
            dependencies: [
                "HeraldStage", "HeraldLint", "HeraldPreview", "HeraldRender", "HeraldTables", "HeraldTableInterchange",
                "HeraldICU", "HeraldJSON", "HeraldSealing", "HeraldStore", "HeraldLottery",
                "HeraldPayload", "HeraldExamples", "HeraldBuiltinTables", "HeraldMedia", "HeraldSync", "HeraldDiagnostics", "HeraldCommandLine", "HeraldPseudo",
                "HeraldMF2Export", "HeraldStageOptions", "HeraldLanguageServer", argumentParser,
            ],
            swiftSettings: strict),
        // `herald serve`: Herald as an HTTP service (Hummingbird), over the same stage,
        // renderer and linter as the command line.
        .target(
            name: "HeraldService",
            dependencies: [
                "HeraldStage", "HeraldRender", "HeraldTables", "HeraldLint", "HeraldPreview", "HeraldICU", "HeraldJSON",
                "HeraldSync", "HeraldDiagnostics", "HeraldBuiltinTables", "HeraldStore", "HeraldLottery", "HeraldSealing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                nioCore,
                nioSSL,
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                logging,
                .product(name: "Prometheus", package: "swift-prometheus"),
                serviceLifecycle,
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "herald-server",
            dependencies: [
                "HeraldService", "HeraldSealing", "HeraldICU", "HeraldCommandLine", "HeraldStageOptions", logging,
                argumentParser,
                serviceLifecycle,
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["OpenTelemetry"])),
                .product(name: "OTel", package: "swift-otel", condition: .when(traits: ["OpenTelemetry"])),
            ],
            swiftSettings: strict),
        // Campaigns: render jobs read from a job source and answered into a result sink,
        // whatever the queue engine is (no database here).
        .target(
            name: "HeraldCampaign",
            dependencies: ["HeraldStage", "HeraldRender", "HeraldTables", "HeraldICU", "HeraldJSON", "HeraldSync", "HeraldDiagnostics"],
            swiftSettings: strict),
        // The PostgreSQL job queue of `herald worker` (postgres-nio): schema, migrations,
        // enqueue, claim with leases, results.
        .target(
            name: "HeraldPostgres",
            dependencies: [
                "HeraldCampaign", "HeraldJSON", "HeraldDiagnostics", "HeraldSync",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                logging,
            ],
            swiftSettings: strict),
        // `herald db migrate`, `herald enqueue`, `herald worker`, `herald campaign`.
        .executableTarget(
            name: "herald-worker",
            dependencies: [
                "HeraldPostgres", "HeraldCampaign", "HeraldCommandLine", "HeraldStageOptions", "HeraldStage", "HeraldRender", "HeraldTables",
                "HeraldICU", "HeraldJSON", "HeraldSync",
                argumentParser,
            ],
            swiftSettings: strict),
        // The code helper `herald validate --sources DIR` runs: the lookups of DIR's Swift code as
        // JSON. Installed beside herald, so that herald itself links no swift-syntax.
        .executableTarget(
            name: "herald-sourcekeys",
            dependencies: ["HeraldSourceKeys", "HeraldLint", "HeraldJSON", "HeraldDiagnostics"],
            swiftSettings: strict),
        // The network helper herald runs: `herald-net fetch` (media for a push)
        // and `herald-net flush` (display receipts); installed beside herald.
        .executableTarget(
            name: "herald-net",
            dependencies: [
                "HeraldNetwork", "HeraldMedia", "HeraldStore", "HeraldJSON", "HeraldSync", "HeraldDiagnostics",
                "HeraldCommandLine", argumentParser,
            ],
            swiftSettings: strict),

        // Shared by the test targets: subprocesses, temporary folders, loopback servers, the stage harness.
        .target(name: "HeraldTestSupport", dependencies: ["HeraldStage", "HeraldJSON", "HeraldSync"], path: "Tests/HeraldTestSupport"),
        .testTarget(name: "HeraldSyncTests", dependencies: ["HeraldSync"]),
        .testTarget(name: "HeraldDiagnosticsTests", dependencies: ["HeraldDiagnostics"]),
        // ICU's C API called directly (no Herald code): the oracle HeraldICUTests compare with.
        .executableTarget(name: "herald-icu-oracle", dependencies: ["CICU"], path: "Tests/ICUOracle"),
        // HeraldTables for LocalizationLookup, run in the locale-order test with the rest of the lookup.
        .testTarget(name: "HeraldICUTests", dependencies: ["HeraldICU", "HeraldTables", "HeraldTestSupport", "herald-icu-oracle"]),
        .testTarget(name: "HeraldJSONTests", dependencies: ["HeraldJSON"]),
        .testTarget(name: "HeraldMF2Tests", dependencies: ["HeraldMF2", "HeraldICU"]),
        .testTarget(name: "HeraldMF2ExportTests", dependencies: ["HeraldMF2Export", "HeraldRender", "HeraldTables", "HeraldICU"], exclude: ["Fixtures"]),
        .testTarget(
            name: "HeraldTablesTests",
            dependencies: ["HeraldTableFormats", "HeraldTables", "HeraldTableInterchange", "HeraldJSON", "HeraldSync", "HeraldTestSupport"],
            exclude: ["Fixtures"]),
        // herald-icu-oracle: CoreFoundation's localized printf numbers, ICU's C API called directly.
        .testTarget(name: "HeraldRenderTests", dependencies: ["HeraldRender", "HeraldTables", "HeraldICU", "HeraldTestSupport", "herald-icu-oracle"]),
        .testTarget(name: "HeraldPayloadTests", dependencies: ["HeraldPayload", "HeraldJSON"]),
        .testTarget(name: "HeraldLotteryTests", dependencies: ["HeraldLottery"]),
        .testTarget(name: "HeraldSealingTests", dependencies: ["HeraldSealing", "HeraldJSON", "HeraldTestSupport"]),
        .testTarget(name: "HeraldStoreTests", dependencies: ["HeraldStore", "HeraldLottery", "HeraldNetwork", "HeraldSync", "HeraldTestSupport"]),
        // Also runs the real herald-net binary (HelperProcessMediaDownloader).
        .testTarget(name: "HeraldMediaTests", dependencies: ["HeraldMedia", "HeraldNetwork", "HeraldJSON", "HeraldSync", "herald-net", "HeraldTestSupport"]),
        .testTarget(
            name: "HeraldStageTests",
            dependencies: [
                "HeraldStage", "HeraldJSON", "HeraldPayload", "HeraldTables", "HeraldICU", "HeraldSealing", "HeraldStore",
                "HeraldRender", "HeraldBuiltinTables",
                "HeraldLottery", "HeraldMedia", "HeraldNetwork", "HeraldSync", "HeraldDiagnostics",
                "HeraldTestSupport",
            ]),
        .testTarget(
            name: "HeraldServiceTests",
            dependencies: [
                "HeraldService", "herald-server", "herald", "HeraldJSON", "HeraldExamples", "HeraldTestSupport",
                asyncHTTPClient, nioCore,
                nioHTTP1, nioPosix,
                nioSSL,
                logging,
            ]),
        .testTarget(
            name: "HeraldCampaignTests",
            dependencies: [
                "HeraldCampaign", "HeraldPostgres", "herald-worker", "herald", "HeraldJSON", "HeraldSync", "HeraldRender", "HeraldStage",
                "HeraldTestSupport",
            ]),
        .testTarget(name: "HeraldPseudoTests", dependencies: ["HeraldPseudo", "HeraldRender", "HeraldTables", "HeraldICU"]),
        .testTarget(name: "HeraldLintTests", dependencies: ["HeraldLint", "HeraldTables", "HeraldJSON", "HeraldTestSupport"], exclude: ["Fixtures"]),
        // The layout against hand-measured widths (HarfBuzz called for single glyphs) and ICU.
        .testTarget(name: "HeraldFitTests", dependencies: ["HeraldFit", "HeraldICU", "HeraldTestSupport"]),
        .testTarget(name: "HeraldLanguageServerTests", dependencies: ["HeraldLanguageServer", "HeraldMCPTools", "HeraldJSON"]),
        .testTarget(name: "HeraldSourceKeysTests", dependencies: ["HeraldSourceKeys", "HeraldLint", "HeraldDiagnostics", "HeraldJSON"]),
        // Each file imports one library product and nothing else of Herald's (the re-exports).
        .testTarget(name: "HeraldProductsTests", dependencies: ["HeraldStage", "HeraldRender", "HeraldLint"]),
        // Runs the real `herald` binary as a subprocess.
        .testTarget(
            name: "HeraldCLITests", dependencies: [
                "herald", "herald-net", "herald-sourcekeys", "herald-embed-localizations", "HeraldJSON", "HeraldExamples", "HeraldBuiltinTables",
                "HeraldDiagnostics", "HeraldCommandLine", "HeraldTestSupport",
            ],
            exclude: ["Snapshots"]),

        // Benchmarks (Tools/bench): the Swift side of the C-vs-Swift comparisons.
        .executableTarget(
            name: "herald-bench",
            dependencies: [
                "HeraldICU", "HeraldRender", "HeraldTables", "HeraldJSON", "HeraldLint", "HeraldPayload",
            ],
            path: "Tools/bench/HeraldBench",
            swiftSettings: strict),
        // The MessageFormat 2 conformance runner (Tools/mf2-conformance): runs the Unicode
        // working group's test suite when it is given; a tool, in no product.
        .executableTarget(
            name: "herald-mf2-conformance",
            dependencies: ["HeraldMF2", "HeraldICU", "HeraldJSON"],
            path: "Tools/mf2-conformance",
            swiftSettings: strict),
        // MessageFormat 2 against ICU's MessageFormat v1, same message (Tools/bench/mf2.sh).
        .executableTarget(
            name: "herald-bench-mf2",
            dependencies: ["HeraldMF2", "HeraldICU"],
            path: "Tools/bench/HeraldMF2Bench",
            swiftSettings: strict),
        // The media fetch benchmark on its own, so herald-bench builds without the HTTP stack.
        .executableTarget(
            name: "herald-bench-media",
            dependencies: ["HeraldMedia", "HeraldNetwork"],
            path: "Tools/bench/HeraldMediaBench",
            swiftSettings: strict),
        // The ceiling probe of Tools/bench/serve.sh: a no-work HTTP/1.1 server on bare SwiftNIO.
        .executableTarget(
            name: "herald-bench-nio-probe",
            dependencies: [
                nioCore, nioPosix,
                nioHTTP1,
            ],
            path: "Tools/bench/serve/NIOProbe",
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
