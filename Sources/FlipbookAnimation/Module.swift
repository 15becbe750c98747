// FlipbookAnimation: time → value. Timing curves, springs, key-frame animations, the
// fixed-step frame clock, property transitions and scroll physics, all pure functions of
// time, so a frame's value never depends on the frames before it (no accumulated drift, any
// frame can be evaluated alone).
