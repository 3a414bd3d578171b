import Glibc
import RillTestSupport

/// How a failing input is shown: the plan it was fed with, what went wrong, and the input as a
/// Swift string literal body (ready for a regression test).
enum FuzzReport {
    static func print(_ bytes: [UInt8], _ problems: [String]) {
        var text = "rill-fuzz: \(problems.count) violation(s); plan: \(FuzzPlan(bytes))\n"
        for problem in problems { text += "  - \(problem)\n" }
        let shown = bytes.count > 4_096 ? Array(bytes.prefix(4_096)) : bytes
        text += "  input (\(bytes.count) bytes\(bytes.count > 4_096 ? ", first 4096 shown" : "")): \"\(StreamCheck.quote(shown))\"\n"
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
        }
        bytes.removeAll()
    }
}
