#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object per thread (pthread-specific storage), held while set and let go when replaced or
/// when its thread exits: what a UIKit host running app code on a thread, and a render
/// thread's kept image memory, are found by.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    package init() {
        pthread_key_create(&key) { p in if let p { Unmanaged<AnyObject>.fromOpaque(p).release() } }
    }
    deinit { pthread_key_delete(key) }

    /// This thread's object, if any.
    package var value: Value? {
        get { pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() } }
        set {
            let old = pthread_getspecific(key)
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
        }
    }
}
