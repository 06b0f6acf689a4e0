public import ArgumentParser
import HeraldCommandLine

/// Which executable a flag group is declared for (`StageRole`), as a type, so that each
/// executable's `--help` says what leaving a flag out means there.
public protocol StageRoleType: Sendable {
    static var role: StageRole { get }
}

/// `herald`'s commands (`StageRole.device`).
public enum DeviceStageRole: StageRoleType { public static let role = StageRole.device }
/// `herald worker` (`StageRole.worker`).
public enum WorkerStageRole: StageRoleType { public static let role = StageRole.worker }
/// `herald serve` (`StageRole.server`).
public enum ServerStageRole: StageRoleType { public static let role = StageRole.server }

/// The flags every command that reads tables or a store takes (Docs/cli.md, "Common
/// flags"): `--tables`, `--store`, `--keys`, `--now`, `--time-zone`, declared once
/// (`StageSettings`'s declarations give their names and help). `herald serve` hides and
/// refuses `--store` and `--now`.
public struct CommonOptions<Role: StageRoleType>: ParsableArguments {
    typealias Flags = StageSettings

    @Option(name: Flags.tables.long, help: ArgumentHelp(Flags.help(Flags.tables, Role.role))) var tables: String?
    @Option(name: Flags.store.long, help: Role.role.takesStoreAndNow ? ArgumentHelp(Flags.help(Flags.store, Role.role)) : .hidden)
    var store: String?
    @Option(name: Flags.keys.long, help: ArgumentHelp(Flags.help(Flags.keys, Role.role))) var keys: String?
    @Option(name: Flags.now.long, help: Role.role.takesStoreAndNow ? ArgumentHelp(Flags.help(Flags.now, Role.role)) : .hidden)
    var now: String?
    @Option(name: Flags.timeZone.long, help: ArgumentHelp(Flags.help(Flags.timeZone, Role.role)))
    var timeZone: String = StageSettings.defaultTimeZone

    public init() {}

    /// The flags as plain values.
    public var settings: StageSettings {
        var settings = StageSettings(role: Role.role)
        (settings.tables, settings.store, settings.keys, settings.now, settings.timeZone) = (tables, store, keys, now, timeZone)
        return settings
    }

    public func validate() throws {
        do { try settings.checkCommon() } catch { throw ValidationError(error.description) }
    }
}

/// The stage's flags, shared by `herald render`, `herald serve` and `herald worker`: the
/// common flags, `--deadline-ms`, `--algorithms` and `--allow-unsealed`. `settings` gives
/// them as values, and `settings.configuration(…)` the stage's configuration.
public struct StageOptions<Role: StageRoleType>: ParsableArguments {
    typealias Flags = StageSettings

    @OptionGroup public var common: CommonOptions<Role>
    @Option(name: Flags.deadline.long, help: Flags.deadline.argumentHelp)
    var deadlineMilliseconds: Int = StageSettings.defaultDeadlineMilliseconds
    @Option(name: Flags.algorithms.long, help: Flags.algorithms.argumentHelp) var algorithms: String?
    @Flag(name: Flags.allowUnsealed.long, help: Flags.allowUnsealed.argumentHelp) var allowUnsealed = false

    public init() {}

    /// The flags as plain values.
    public var settings: StageSettings {
        var settings = common.settings
        (settings.deadlineMilliseconds, settings.algorithms, settings.allowUnsealed) = (deadlineMilliseconds, algorithms, allowUnsealed)
        return settings
    }

    public func validate() throws {
        do { try settings.checkStageFlags() } catch { throw ValidationError(error.description) }
    }
}
