// The `flipbook` executable: everything lives in FlipbookCLI so tests can run it in-process.
import Foundation
import FlipbookCLI

// Frames are megabyte buffers made and freed hundreds of times a render. Above glibc's
// default threshold each would be a fresh mmap, paid again in page faults every frame; served
// from the heap, freed frames are reused instead. mallopt(3) is in <malloc.h>, which the
// Glibc module does not export; M_TRIM_THRESHOLD is −1 and M_MMAP_THRESHOLD −3 there.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-3, 64 << 20)
_ = mallopt(-1, 128 << 20)

CLI.leavesSceneToExit = true
exit(CLI.main(CommandLine.arguments))
