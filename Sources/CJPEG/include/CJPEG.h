#ifndef FLIPBOOK_CJPEG_H
#define FLIPBOOK_CJPEG_H
#include <stddef.h>
#include <stdint.h>

/// Reads a baseline or progressive JPEG's size from its header without decoding it.
/// Returns 0 and sets *width and *height, or -1 and writes why into `error` (`error_size` bytes).
int flipbook_jpeg_size(const uint8_t *data, size_t size, int *width, int *height, char *error, size_t error_size);

/// Decodes a JPEG into `pixels`: `width` × `height` opaque pixels, 4 bytes each, in Cairo's
/// ARGB32 order on a little-endian machine (B, G, R, 255), rows `stride` bytes apart; the caller
/// gives the buffer, sized from flipbook_jpeg_size. Returns 0, or -1 with the reason in `error`
/// (libjpeg's own message: a corrupt file never exits the process, as libjpeg's default would).
int flipbook_jpeg_decode(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, int stride,
                         char *error, size_t error_size);
#endif
