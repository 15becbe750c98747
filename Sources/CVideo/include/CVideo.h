// CVideo: a small C face over the two video encoders Flipbook links, for Swift. Both APIs are
// awkward from Swift (OpenH264's is a C++ vtable, libvpx's is macros), so each gets four plain
// functions here. The encoders run on one thread, so the bytes do not depend on the machine.
//   OpenH264 (BSD-2-Clause, Debian libopenh264-dev): H.264 for MP4.
//   libvpx (BSD-3-Clause, Debian libvpx-dev): VP9 for WebM.
#ifndef FLIPBOOK_CVIDEO_H
#define FLIPBOOK_CVIDEO_H
#include <stddef.h>
#include <stdint.h>

/// One 8-bit 4:2:0 picture (BT.709, limited range): chroma planes are ceil(w/2) x ceil(h/2).
typedef struct {
    const uint8_t *y, *u, *v;
    int strideY, strideUV;
} fb_yuv420;

/// A coded frame: bytes owned by the encoder until its next call.
typedef struct {
    const uint8_t *data;
    size_t size;
    int keyframe;
} fb_packet;

typedef struct fb_h264 fb_h264;
/// An H.264 encoder (Main profile, CABAC, constant QP 0-51, an IDR every `keyInterval` frames).
/// Width and height must be even and at least 16. Returns NULL and a message in `error` on failure.
fb_h264 *fb_h264_open(int width, int height, int fps, int qp, int keyInterval, char *error, size_t errorSize);
/// Encodes one picture into Annex B NAL units (start codes). Returns 0 on success.
int fb_h264_encode(fb_h264 *encoder, const fb_yuv420 *picture, long long frameIndex, fb_packet *packet);
void fb_h264_close(fb_h264 *encoder);

typedef struct fb_vp9 fb_vp9;
/// A VP9 encoder (profile 0, constant quality `cqLevel` 0-63, `cpuUsed` 0-9, a keyframe at least
/// every `keyInterval` frames). Returns NULL and a message in `error` on failure.
fb_vp9 *fb_vp9_open(int width, int height, int fps, int cqLevel, int cpuUsed, int keyInterval, char *error, size_t errorSize);
/// Hands one picture to the encoder (NULL flushes at the end). Returns 0 on success; then call
/// fb_vp9_next until it returns 0 to collect the frames it has finished, in order.
int fb_vp9_encode(fb_vp9 *encoder, const fb_yuv420 *picture, long long frameIndex);
/// The next finished frame, in order (1), or none yet (0).
int fb_vp9_next(fb_vp9 *encoder, fb_packet *packet);
const char *fb_vp9_error(fb_vp9 *encoder);
void fb_vp9_close(fb_vp9 *encoder);

#endif
