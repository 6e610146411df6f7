import Synchronization

/// A value made the first time it is needed, once, from any thread: the praise pool, the
/// classifier and the crisis phrases are read only by a run that logs, not by every start.
public final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    public init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// A value already made.
    public init(value: Value) {
        make = { value }
        made.withLock { $0 = value }
    }

    public var value: Value {
        made.withLock { stored in
            if let stored { return stored }
            let value = make()
            stored = value
            return value
        }
    }
}
