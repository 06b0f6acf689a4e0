/// Why a tool call was refused or failed: said to the assistant as the call's error text.
public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}
