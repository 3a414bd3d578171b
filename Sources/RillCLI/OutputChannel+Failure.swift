import Glibc

extension OutputChannel {
    /// Why a write to the output stopped.
    enum Failure: Error, Equatable {
        /// The reader went away (EPIPE, as in `rill … | head`): the program stops quietly.
        case closed
        /// The output refused the bytes (a full disk, a descriptor closed or not open for
        /// writing): the `errno` it gave, which the program reports.
        case failed(Int32)

        /// The failure of a write or a wait that set `errno` to `code`.
        init(errno code: Int32) {
            self = code == EPIPE ? .closed : .failed(code)
        }
    }
}
