import Foundation
import HeraldLint
import HeraldTestSupport
import Testing

@testable import HeraldService

/// A validate upload whose request is cancelled (its deadline passed: a 504) stops its lint
/// for real: the run checks no more entries once told, instead of going on to the end of the
/// tables for an answer nobody waits for.
@Suite struct ValidateCancellationTests {
    /// Two localizations of `keys` entries each.
    static func upload(keys: Int) -> [UInt8] {
        func table(_ word: String) -> [UInt8] {
            Array((0..<keys).map { "\"key.\($0)\" = \"\(word) \($0)\";\n" }.joined().utf8)
        }
        return UploadFixtures.multipart(
            [("en.lproj/Localizable.strings", table("Hello")), ("de.lproj/Localizable.strings", table("Hallo"))], boundary: "c")
    }

    @Test func aCancelledUploadStopsItsLintBetweenEntries() async throws {
        let keys = 2_000
        let held = 10
        // The run is held at its `held`th entry until the request has been cancelled.
        let gate = DispatchSemaphore(value: 0)
        let lint = LintCancellation(onEntry: { n in if n == held { gate.wait() } })
        let task = Task {
            await ValidateUpload.respond(
                body: Self.upload(keys: keys), contentType: "multipart/form-data; boundary=c", query: [:],
                limits: UploadLimits(), lint: lint)
        }
        while lint.entriesChecked < held { try await Task.sleep(for: .milliseconds(2)) }
        task.cancel()
        gate.signal()
        let answer = await task.value
        guard case .failure(let error) = answer else {
            Issue.record("a cancelled upload answered with a report")
            return
        }
        #expect(error.code == "cancelled")
        #expect(lint.isCancelled)
        // Held at entry `held`, cancelled there: not one entry more was checked (of 4,000).
        #expect(lint.entriesChecked == held, "\(lint.entriesChecked) entries checked after the cancel")
    }

    /// The same tables not cancelled: every entry is checked (the count the test above
    /// compares with is real).
    @Test func anUploadNotCancelledChecksEveryEntry() async throws {
        let lint = LintCancellation(onEntry: { _ in })
        let answer = await ValidateUpload.respond(
            body: Self.upload(keys: 200), contentType: "multipart/form-data; boundary=c", query: [:],
            limits: UploadLimits(), lint: lint)
        #expect((try? answer.get()) != nil)
        #expect(lint.entriesChecked == 400)
    }
}
