import Rill

/// Where the command's bytes come from: a file descriptor read as data arrives
/// (``DescriptorReader``), or a replayed document (``ReplaySchedule``).
enum InputFeed {
    /// Standard input or a file.
    case descriptor(Int32)
    /// A document split into pieces released on a schedule.
    case replay(ReplaySchedule)
}
