// Cairo for Swift: the image (PNG) and SVG surfaces Flipbook's Cairo backend uses.
#ifndef FLIPBOOK_CCAIRO_SHIM_H
#define FLIPBOOK_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#endif
