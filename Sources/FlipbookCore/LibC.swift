// The C library under one name on Linux (Glibc) and macOS (Darwin). Code that needs libc
// imports it through the guard below, never `import Glibc` alone (Tests/api/
// check_module_headers.py refuses an unguarded one), and calls the functions a method of its
// own would shadow (`open`, `read`, `write`, `send`) through `LibC`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libc's file and socket calls, by a name no method named `open` or `read` hides.
package enum LibC {
    package static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags)
        #else
        Darwin.open(path, flags)
        #endif
    }

    /// open(2) that may create the file, with its mode.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// send(2) without SIGPIPE when the peer has gone (MSG_NOSIGNAL on Linux; on macOS a
    /// socket sets SO_NOSIGPIPE instead, untested here).
    package static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, buffer, count, 0)
        #endif
    }
}
