// The build step that embeds the package's Localizations/ folder in the target that uses this
// plugin (HeraldBuiltinTables), so `herald` serves the app's tables from any directory.
//
// It lists the table files (.strings, .stringsdict, .xcstrings) below Localizations/ and hands
// them to `herald-embed-localizations`, which writes one Swift file into the plugin's work
// directory. Every listed file and every folder below Localizations/ is an input of that
// command, so editing a table re-runs it, and so does adding one (its folder changes). The
// listing itself is made when SwiftPM plans the build (the first build, a change to
// Package.swift or to a target's folder), not on every build: the tool compares it with the
// folder and stops the build, naming the files, when a table was added since; a removed or
// renamed file stops it as a "missing input". Either way `touch Package.swift` and build
// again. No build embeds a stale listing.
import Foundation
import PackagePlugin

@main
struct EmbedLocalizations: BuildToolPlugin {
    /// The folder embedded, relative to the package root.
    static let folder = "Localizations"
    /// The file names a tables folder is made of (what `herald` reads from a --tables folder).
    static let extensions = [".strings", ".stringsdict", ".xcstrings"]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let root = context.package.directoryURL.appending(path: Self.folder)
        let (files, folders) = try Self.tableFiles(below: root.path(percentEncoded: false))
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLocalizationsFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) table files of \(Self.folder)/ in \(target.name)",
                executable: try context.tool(named: "herald-embed-localizations").url,
                arguments: [output.path(percentEncoded: false), root.path(percentEncoded: false)] + files,
                inputFiles: files.map { root.appending(path: $0) } + [root] + folders.map { root.appending(path: $0) },
                outputFiles: [output])
        ]
    }

    /// The table files below `root`, relative to it, in byte order of their paths, and the
    /// folders below it. A symbolic link stops the build: the embedded copy would depend on
    /// what it points to.
    static func tableFiles(below root: String) throws -> (files: [String], folders: [String]) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "\(root): the tables folder to embed is missing")
        }
        guard let walker = fm.enumerator(atPath: root) else {
            throw Failure(description: "\(root): cannot list the tables folder")
        }
        var found: [String] = []
        var folders: [String] = []
        while let relative = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeSymbolicLink {
                throw Failure(
                    description: "\(Self.folder)/\(relative) is a symbolic link; the embedded tables are regular files only")
            }
            if type == .typeDirectory { folders.append(relative) }
            guard type == .typeRegular, extensions.contains(where: { relative.hasSuffix($0) }) else { continue }
            found.append(relative)
        }
        return (found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, folders)
    }
}
