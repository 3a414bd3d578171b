import Foundation

/// Switches read from the environment, so CI can run the long versions of the slow tests.
public enum TestEnvironment {
    /// `RILL_EXHAUSTIVE=1`: every prefix of every document, thousands of generated documents.
    public static var isExhaustive: Bool {
        ProcessInfo.processInfo.environment["RILL_EXHAUSTIVE"] == "1"
    }
}
