// FlipbookGraphics: the drawing pieces both the scene stage and the renderer need — text set
// with Pango under UILabel's rules (the scene stage measures "fit" widths with the same code
// that draws), the two fonts in a private fontconfig configuration, and PNG images decoded by
// Cairo (the scene stage rejects a bad one up front). Cairo handles stay `package`.
