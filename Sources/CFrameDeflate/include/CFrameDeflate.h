// CFrameDeflate: a single-pass deflate (RFC 1951) for the filtered rows of UI frames.
//
// Flipbook's PNG frames are mostly flat colour: after the Sub/Up row filters, long runs of
// zeros with islands of text, borders and shadow edges. A general compressor's hash chains
// (libdeflate, zlib) spend most of their time inserting every byte of those runs. This one
// keeps one candidate per hash of four bytes (a 16 K-entry table), takes the first match it
// finds and extends it eight bytes at a time, so a run costs a few instructions per eight
// bytes; each block gets its own Huffman codes from its symbols' counts. Pure and
// deterministic: the same input gives the same bytes on every machine.
#ifndef FLIPBOOK_CFRAMEDEFLATE_H
#define FLIPBOOK_CFRAMEDEFLATE_H
#include <stddef.h>
#include <stdint.h>

/// The most bytes fb_deflate can write for `length` input bytes.
size_t fb_deflate_bound(size_t length);

/// Compresses `length` bytes into a raw deflate stream (no zlib or gzip wrapper) at `output`,
/// which has room for fb_deflate_bound(length) bytes. Returns the number of bytes written, or
/// 0 when memory could not be allocated.
size_t fb_deflate(const uint8_t *input, size_t length, uint8_t *output);

#endif
