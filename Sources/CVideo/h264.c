// H.264 through OpenH264's encoder (github.com/cisco/openh264, codec/api/wels/codec_api.h).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wels/codec_api.h>
#include "CVideo.h"

struct fb_h264 {
    ISVCEncoder *encoder;
    int width, height;
    uint8_t *buffer;
    size_t capacity;
};

fb_h264 *fb_h264_open(int width, int height, int fps, int qp, int keyInterval, char *error, size_t errorSize) {
    if (width < 16 || height < 16 || (width & 1) || (height & 1)) {
        snprintf(error, errorSize, "OpenH264 needs even sides of at least 16 pixels (got %dx%d)", width, height);
        return NULL;
    }
    fb_h264 *h = calloc(1, sizeof *h);
    if (!h) { snprintf(error, errorSize, "out of memory"); return NULL; }
    h->width = width; h->height = height;
    if (WelsCreateSVCEncoder(&h->encoder) != 0 || !h->encoder) {
        snprintf(error, errorSize, "OpenH264 could not create an encoder");
        free(h);
        return NULL;
    }
    ISVCEncoder *e = h->encoder;
    int quiet = WELS_LOG_QUIET;
    (*e)->SetOption(e, ENCODER_OPTION_TRACE_LEVEL, &quiet);
    SEncParamExt p;
    (*e)->GetDefaultParams(e, &p);
    p.iUsageType = SCREEN_CONTENT_REAL_TIME;
    p.iPicWidth = width;
    p.iPicHeight = height;
    p.fMaxFrameRate = (float)fps;
    p.iRCMode = RC_OFF_MODE;             // constant QP: the quality asked, whatever the content
    p.iTargetBitrate = 0;
    p.iMinQp = qp; p.iMaxQp = qp;
    p.bEnableFrameSkip = false;          // constant frame rate: every frame is coded
    p.iEntropyCodingModeFlag = 1;        // CABAC: Main profile
    p.iMultipleThreadIdc = 1;            // one thread: same bytes on every machine
    p.uiIntraPeriod = (unsigned int)keyInterval;
    p.iSpatialLayerNum = 1;
    p.iTemporalLayerNum = 1;
    p.iNumRefFrame = 1;
    p.bEnableDenoise = false;
    p.bEnableBackgroundDetection = false;
    p.bEnableAdaptiveQuant = false;
    p.bEnableSceneChangeDetect = false;  // keyframes only where asked: deterministic, smaller
    p.bEnableLongTermReference = false;
    p.eSpsPpsIdStrategy = CONSTANT_ID;
    p.bPrefixNalAddingCtrl = false;
    p.iComplexityMode = HIGH_COMPLEXITY;
    SSpatialLayerConfig *l = &p.sSpatialLayers[0];
    l->iVideoWidth = width;
    l->iVideoHeight = height;
    l->fFrameRate = (float)fps;
    l->iDLayerQp = qp;
    l->uiProfileIdc = PRO_MAIN;
    l->sSliceArgument.uiSliceMode = SM_SINGLE_SLICE;
    l->bVideoSignalTypePresent = true;
    l->uiVideoFormat = VF_UNDEF;
    l->bFullRange = false;
    l->bColorDescriptionPresent = true;
    l->uiColorPrimaries = CP_BT709;
    l->uiTransferCharacteristics = TRC_BT709;
    l->uiColorMatrix = CM_BT709;
    int rc = (*e)->InitializeExt(e, &p);
    if (rc != 0) {
        snprintf(error, errorSize, "OpenH264 refused the settings (code %d)", rc);
        WelsDestroySVCEncoder(e);
        free(h);
        return NULL;
    }
    int format = videoFormatI420;
    (*e)->SetOption(e, ENCODER_OPTION_DATAFORMAT, &format);
    return h;
}

int fb_h264_encode(fb_h264 *h, const fb_yuv420 *picture, long long frameIndex, fb_packet *packet) {
    ISVCEncoder *e = h->encoder;
    SSourcePicture src;
    memset(&src, 0, sizeof src);
    src.iColorFormat = videoFormatI420;
    src.iPicWidth = h->width;
    src.iPicHeight = h->height;
    src.iStride[0] = picture->strideY;
    src.iStride[1] = src.iStride[2] = picture->strideUV;
    src.pData[0] = (unsigned char *)picture->y;
    src.pData[1] = (unsigned char *)picture->u;
    src.pData[2] = (unsigned char *)picture->v;
    src.uiTimeStamp = frameIndex;
    SFrameBSInfo info;
    memset(&info, 0, sizeof info);
    if ((*e)->EncodeFrame(e, &src, &info) != cmResultSuccess) return -1;
    size_t total = 0;
    for (int i = 0; i < info.iLayerNum; i++)
        for (int n = 0; n < info.sLayerInfo[i].iNalCount; n++) total += (size_t)info.sLayerInfo[i].pNalLengthInByte[n];
    if (total > h->capacity) {
        uint8_t *grown = realloc(h->buffer, total);
        if (!grown) return -1;
        h->buffer = grown; h->capacity = total;
    }
    size_t at = 0;
    for (int i = 0; i < info.iLayerNum; i++) {
        size_t size = 0;
        for (int n = 0; n < info.sLayerInfo[i].iNalCount; n++) size += (size_t)info.sLayerInfo[i].pNalLengthInByte[n];
        memcpy(h->buffer + at, info.sLayerInfo[i].pBsBuf, size);
        at += size;
    }
    packet->data = h->buffer;
    packet->size = at;
    packet->keyframe = info.eFrameType == videoFrameTypeIDR;
    return 0;
}

void fb_h264_close(fb_h264 *h) {
    if (!h) return;
    (*h->encoder)->Uninitialize(h->encoder);
    WelsDestroySVCEncoder(h->encoder);
    free(h->buffer);
    free(h);
}
