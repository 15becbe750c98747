// libdeflate for Swift: Flipbook's PNG encoder takes its Adler-32 (vectorised, about twenty
// times zlib's on a 3 MB frame); the deflate itself is Flipbook's own (Sources/CFrameDeflate).
#ifndef FLIPBOOK_CDEFLATE_SHIM_H
#define FLIPBOOK_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
