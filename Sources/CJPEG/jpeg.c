// JPEG decoding through libjpeg-turbo (Debian's libjpeg62-turbo; IJG and BSD-style licences).
// libjpeg reports a fatal error by calling error_exit, which by default exits the process: here
// it longjmps back with the message, so untrusted input fails with a reason instead.
#include "CJPEG.h"
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *error;
    size_t error_size;
    int (*stop)(void *);
    void *context;
};

static void fail(j_common_ptr info) {
    struct failure *f = (struct failure *)info->err;
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    snprintf(f->error, f->error_size, "%s", message);
    longjmp(f->back, 1);
}

// Warnings (a corrupt but readable stream) are not printed to stderr.
static void quiet(j_common_ptr info, int level) { (void)info; (void)level; }

// Untrusted files: a progressive JPEG of thousands of scans decodes for minutes (libjpeg-turbo's
// own advice, doc/libjpeg.txt, is a progress monitor that stops it), and memory stays bounded.
static void scans(j_common_ptr info) {
    j_decompress_ptr d = (j_decompress_ptr)info;
    struct failure *f = (struct failure *)info->err;
    if (d->is_decompressor && d->input_scan_number > 500) {
        snprintf(f->error, f->error_size, "more than 500 scans (a progressive file this long is refused)");
        longjmp(f->back, 1);
    }
    // The caller's deadline or signal: a file within the scan limit can still take minutes.
    if (f->stop != NULL && f->stop(f->context)) {
        snprintf(f->error, f->error_size, "stopped");
        longjmp(f->back, 1);
    }
}

int flipbook_jpeg_read(const uint8_t *data, size_t size, uint8_t *pixels, int stride, int *width, int *height,
                       char *error, size_t error_size, int (*stop)(void *), void *context) {
    struct jpeg_decompress_struct info;
    struct failure f;
    struct jpeg_progress_mgr progress = { .progress_monitor = scans };
    info.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = fail;
    f.manager.emit_message = quiet;
    f.error = error;
    f.error_size = error_size;
    f.stop = stop;
    f.context = context;
    if (setjmp(f.back)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (pixels == NULL) {
        *width = (int)info.image_width;
        *height = (int)info.image_height;
        jpeg_destroy_decompress(&info);
        return 0;
    }
    if ((int)info.image_width != *width || (int)info.image_height != *height) {
        snprintf(error, error_size, "the JPEG's size changed between reads");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    // libjpeg-turbo writes Cairo's byte order directly (JCS_EXT_BGRA: B, G, R, A with A = 255).
    info.out_color_space = JCS_EXT_BGRA;
    info.progress = &progress;
    // A 4096 × 4096 progressive file keeps about 100 MB of coefficients; more is refused.
    info.mem->max_memory_to_use = 160L * 1024 * 1024;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
