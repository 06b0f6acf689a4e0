// swift-tools-version:6.1
// A client of Herald's library products, built against this checkout (`..`): each
// program imports one product and nothing else of Herald's. CI builds it (.ci/run).
//
//   swift run render-push ../Localizations push.json de      # the extension stage (HeraldStage)
//   swift run format-key ../Localizations lottery.loss.body ru 3   # one key (HeraldRender)
//   swift run validate-folder ../Localizations               # the linter (HeraldLint)
//   swift run list-tables ../Localizations                   # tables as data (HeraldTables)
//   swift run preview-locales ../Localizations               # every example, every locale (HeraldPreview)
import PackageDescription

let package = Package(
    name: "HeraldClientExamples",
    dependencies: [
        // The checkout this folder is in. Its identity is the checkout folder's name
        // (which varies), so it is given the name "Herald" the products below use.
        .package(name: "Herald", path: ".."),
    ],
    targets: [
        .executableTarget(name: "render-push", dependencies: [.product(name: "HeraldStage", package: "Herald")]),
        .executableTarget(name: "format-key", dependencies: [.product(name: "HeraldRender", package: "Herald")]),
        .executableTarget(name: "validate-folder", dependencies: [.product(name: "HeraldLint", package: "Herald")]),
        .executableTarget(name: "list-tables", dependencies: [.product(name: "HeraldTables", package: "Herald")]),
        .executableTarget(name: "preview-locales", dependencies: [.product(name: "HeraldPreview", package: "Herald")]),
    ],
    swiftLanguageModes: [.v6]
)
