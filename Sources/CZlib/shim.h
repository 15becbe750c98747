// zlib for Swift: deflate and crc32 for Flipbook's own PNG encoder.
#ifndef FLIPBOOK_CZLIB_SHIM_H
#define FLIPBOOK_CZLIB_SHIM_H
#include <zlib.h>
#endif
