#ifndef FLIPBOOK_CJPEG_H
#define FLIPBOOK_CJPEG_H
#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG (baseline or progressive). With `pixels` NULL, only its header: sets *width and
/// *height. Otherwise decodes it into `pixels` — *width × *height opaque pixels as read before,
/// 4 bytes each in Cairo's ARGB32 order on a little-endian machine (B, G, R, 255), rows `stride`
/// bytes apart, in a buffer the caller sized from the first call. Returns 0, or -1 with the
/// reason in `error` (`error_size` bytes): libjpeg's own message, or a limit this file sets — a
/// corrupt file never exits the process, as libjpeg's default error handler would.
// `stop`, when not NULL, is asked with `context` as libjpeg reports progress (each scan and
// row of the input): a non-zero answer ends the decoding with "stopped" (a deadline, a signal).
int flipbook_jpeg_read(const uint8_t *data, size_t size, uint8_t *pixels, int stride, int *width, int *height,
                       char *error, size_t error_size, int (*stop)(void *), void *context);
#endif
