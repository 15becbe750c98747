// Cairo for Swift: the image (PNG) and SVG surfaces Flipbook's Cairo backend uses, and Pango
// (pangocairo) for text: shaped by HarfBuzz, laid out by Pango, drawn by Cairo, from fonts that
// Flipbook loads into its own fontconfig configuration (pangofc-fontmap.h); pixman for its
// version, which a golden records.
#ifndef FLIPBOOK_CCAIRO_SHIM_H
#define FLIPBOOK_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pixman.h>
#endif
