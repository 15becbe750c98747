// FlipbookEffects: the five interaction effects (wallet, jiggle reorder, tag reorder,
// expand/collapse, pull for more), one file each, with their configurations. An effect talks
// only to the runtime's public API, as a client's own effect would, and holds the runtime
// unowned: the Simulator owns its effects, not the reverse.
