import HeraldCommandLine
import HeraldLint

/// `herald validate --fail-on-state needs_review[,stale]`: the run fails when a String
/// Catalog entry is in one of the states (Docs/validate-rules.md).
enum ReviewStateOption {
    /// The states named, checked; a name that is not a review state is a usage error.
    static func parse(_ value: String?) throws -> Set<String> {
        guard let value else { return [] }
        var out = Set<String>()
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard ReviewStates.known.contains(name) else {
                throw CommandFailure.usage("--fail-on-state: '\(OutsideText.escaped(name))' is not a review state (new, needs_review, stale, translated)")
            }
            out.insert(name)
        }
        return out
    }

    /// `fails on review state needs_review: de 2, fr 1`, nil when no entry is in those states.
    static func failure(_ states: ReviewStates, _ failing: Set<String>) -> String? {
        guard !failing.isEmpty else { return nil }
        let hits = states.count(of: failing)
        guard !hits.isEmpty else { return nil }
        return "fails on review state \(failing.sorted().joined(separator: ", ")): " + hits.map { "\($0.localization) \($0.count)" }.joined(separator: ", ")
    }
}

import Foundation
import HeraldDiagnostics
