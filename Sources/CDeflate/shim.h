// libdeflate for Swift: whole-buffer DEFLATE/zlib compression, much faster than zlib at the
// same ratio class; Flipbook's PNG encoder uses it for frame data.
#ifndef FLIPBOOK_CDEFLATE_SHIM_H
#define FLIPBOOK_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
