// VP9 through libvpx (chromium.googlesource.com/webm/libvpx, vpx/vpx_encoder.h, vpx/vp8cx.h).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vpx/vpx_encoder.h>
#include <vpx/vp8cx.h>
#include "CVideo.h"
// The realtime deadline at cpu-used 5 codes Flipbook's frames in a third of good-quality mode's
// time for 2 % more bytes (wallet-move at scale 2: 9.1 s against 31.4 s; docs/previews.md).
#define FB_VP9_DEADLINE VPX_DL_REALTIME


struct fb_vp9 {
    vpx_codec_ctx_t codec;
    vpx_image_t image;
    vpx_codec_iter_t iter;
    int width, height;
    int keyInterval;
};

fb_vp9 *fb_vp9_open(int width, int height, int fps, int cqLevel, int cpuUsed, int keyInterval, char *error, size_t errorSize) {
    vpx_codec_iface_t *iface = vpx_codec_vp9_cx();
    vpx_codec_enc_cfg_t cfg;
    if (vpx_codec_enc_config_default(iface, &cfg, 0) != VPX_CODEC_OK) {
        snprintf(error, errorSize, "libvpx has no VP9 encoder defaults");
        return NULL;
    }
    fb_vp9 *v = calloc(1, sizeof *v);
    if (!v) { snprintf(error, errorSize, "out of memory"); return NULL; }
    v->width = width; v->height = height; v->keyInterval = keyInterval;
    cfg.g_w = (unsigned)width;
    cfg.g_h = (unsigned)height;
    cfg.g_timebase.num = 1;
    cfg.g_timebase.den = fps;
    cfg.g_threads = 1;                   // one thread: same bytes on every machine
    cfg.g_pass = VPX_RC_ONE_PASS;
    cfg.g_lag_in_frames = 0;             // each frame comes out as it goes in
    cfg.g_error_resilient = 0;
    cfg.rc_end_usage = VPX_Q;            // constant quality
    cfg.rc_min_quantizer = 0;
    cfg.rc_max_quantizer = 63;
    cfg.kf_mode = VPX_KF_AUTO;
    cfg.kf_min_dist = 0;
    cfg.kf_max_dist = (unsigned)keyInterval;
    if (vpx_codec_enc_init(&v->codec, iface, &cfg, 0) != VPX_CODEC_OK) {
        snprintf(error, errorSize, "libvpx refused the settings: %s", vpx_codec_error_detail(&v->codec) ? vpx_codec_error_detail(&v->codec) : vpx_codec_error(&v->codec));
        free(v);
        return NULL;
    }
    vpx_codec_control(&v->codec, VP8E_SET_CQ_LEVEL, cqLevel);
    vpx_codec_control(&v->codec, VP8E_SET_CPUUSED, cpuUsed);
    vpx_codec_control(&v->codec, VP9E_SET_TUNE_CONTENT, VP9E_CONTENT_SCREEN);
    vpx_codec_control(&v->codec, VP9E_SET_COLOR_SPACE, VPX_CS_BT_709);
    vpx_codec_control(&v->codec, VP9E_SET_COLOR_RANGE, VPX_CR_STUDIO_RANGE);
    vpx_codec_control(&v->codec, VP9E_SET_AQ_MODE, 0);
    vpx_codec_control(&v->codec, VP9E_SET_ROW_MT, 0);
    vpx_codec_control(&v->codec, VP9E_SET_TILE_COLUMNS, 0);
    return v;
}

int fb_vp9_encode(fb_vp9 *v, const fb_yuv420 *picture, long long frameIndex) {
    v->iter = NULL;
    if (!picture) return vpx_codec_encode(&v->codec, NULL, 0, 1, 0, FB_VP9_DEADLINE) == VPX_CODEC_OK ? 0 : -1;
    vpx_img_wrap(&v->image, VPX_IMG_FMT_I420, (unsigned)v->width, (unsigned)v->height, 1, (unsigned char *)picture->y);
    v->image.planes[VPX_PLANE_Y] = (unsigned char *)picture->y;
    v->image.planes[VPX_PLANE_U] = (unsigned char *)picture->u;
    v->image.planes[VPX_PLANE_V] = (unsigned char *)picture->v;
    v->image.stride[VPX_PLANE_Y] = picture->strideY;
    v->image.stride[VPX_PLANE_U] = v->image.stride[VPX_PLANE_V] = picture->strideUV;
    v->image.cs = VPX_CS_BT_709;
    v->image.range = VPX_CR_STUDIO_RANGE;
    vpx_enc_frame_flags_t flags = (v->keyInterval > 0 && frameIndex % v->keyInterval == 0) ? VPX_EFLAG_FORCE_KF : 0;
    return vpx_codec_encode(&v->codec, &v->image, frameIndex, 1, flags, FB_VP9_DEADLINE) == VPX_CODEC_OK ? 0 : -1;
}

int fb_vp9_next(fb_vp9 *v, fb_packet *packet) {
    const vpx_codec_cx_pkt_t *p;
    while ((p = vpx_codec_get_cx_data(&v->codec, &v->iter)) != NULL) {
        if (p->kind != VPX_CODEC_CX_FRAME_PKT) continue;
        packet->data = p->data.frame.buf;
        packet->size = p->data.frame.sz;
        packet->keyframe = (p->data.frame.flags & VPX_FRAME_IS_KEY) != 0;
        return 1;
    }
    return 0;
}

const char *fb_vp9_error(fb_vp9 *v) {
    const char *detail = vpx_codec_error_detail(&v->codec);
    return detail ? detail : vpx_codec_error(&v->codec);
}

void fb_vp9_close(fb_vp9 *v) {
    if (!v) return;
    vpx_codec_destroy(&v->codec);
    free(v);
}
