#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a closure on a new detached POSIX thread with a small stack: each transfer blocks in
/// libcurl on a thread of its own, which costs nothing while it waits.
///
/// pthreads directly, because Foundation's `Thread` is in the part of Foundation yadg does not
/// load (with the ICU library it brings, it cost more than a whole one-shot log).
enum DetachedThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body`; false when no thread could be made (it has not run then).
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        // Allocated rather than declared: the struct's zero initialiser is imported with CCurl's headers.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, stackSize)
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(
            &thread, attributes,
            { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, work)
        if started != 0 { Unmanaged<Work>.fromOpaque(work).release() }
        return started == 0
    }
}
