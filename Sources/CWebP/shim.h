// libwebp for Swift: WebPAnimEncoder (libwebpmux) writes Flipbook's animated WebP previews.
#ifndef FLIPBOOK_CWEBP_SHIM_H
#define FLIPBOOK_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#endif
