# Draws glyphs of a COLR font with blackrenderer's Skia backend (an independent COLR v0/v1 renderer, from PyPI;
# ci/setup --for test installs it), each into a PNG of exactly the box goldberry's colour cell covers, for
# app/src/glyph_cache/colour_tests.rs to compare with. Usage:
#   python3 reference.py FONT PX OUT_DIR CHAR:LEFT,TOP,WIDTH,HEIGHT ...
# (the box in device pixels from the glyph's origin, y down, as a cell's).
import os
import sys

from blackrenderer.backends.skia import SkiaPixelSurface
from blackrenderer.font import BlackRendererFont

font_path, px, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
font = BlackRendererFont(font_path)
cmap = font.ttFont.getBestCmap()
scale = px / font.unitsPerEm
for arg in sys.argv[4:]:
    char, box = arg.split(":")
    left, top, width, height = (int(v) for v in box.split(","))
    surface = SkiaPixelSurface()
    # blackrenderer's canvas is y up: the box's bottom edge is -(top + height), its top -top.
    with surface.canvas((left, -(top + height), left + width, -top)) as canvas:
        canvas.scale(scale)
        font.drawGlyph(cmap[ord(char)], canvas)
    surface.saveImage(os.path.join(out, f"{ord(char):x}.png"))
