# Builds the COLR v1 sample font the text screen shows: goldberry's own glyphs, each a paint graph that HarfBuzz's
# paint API walks and Blend2D draws (a berry under a radial gradient with a leaf, a bar under a reflected linear
# gradient, three squares turned about their centre, a crescent cut by a composite, a sphere of two-circle radial
# gradient, a ribbon skewed and scaled). No font file is committed: ci/setup runs this with Debian's fontTools
# (python3-fonttools) and installs the result where the font book looks for it.
# Usage: /usr/bin/python3 -s colour_sample.py OUT.ttf
import math
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables import otTables as ot

P = ot.PaintFormat
# The sample's characters: the first code points of the Supplementary Private Use Area-A, which no face of the
# fallback chain maps, so only this face draws them.
FIRST = 0xF0000


def circle(cx, cy, r, sides=16):
    # All off-curve points: TrueType puts an on-curve point between each two, a close circle.
    pen = TTGlyphPen(None)
    out = r / math.cos(math.pi / sides)
    points = [(round(cx + out * math.cos(2 * math.pi * i / sides)), round(cy + out * math.sin(2 * math.pi * i / sides)))
              for i in range(sides)]
    pen.qCurveTo(*points, None)
    pen.closePath()
    return pen.glyph()


def polygon(points):
    pen = TTGlyphPen(None)
    pen.moveTo(points[0])
    for p in points[1:]:
        pen.lineTo(p)
    pen.closePath()
    return pen.glyph()


def rect(x0, y0, x1, y1):
    return polygon([(x0, y0), (x0, y1), (x1, y1), (x1, y0)])


# Palette: berry pink, deep berry, leaf green, dark green, gold, orange, sky, navy, white.
PALETTE = [(0.99, 0.80, 0.90, 1.0), (0.76, 0.09, 0.36, 1.0), (0.55, 0.76, 0.29, 1.0), (0.18, 0.49, 0.20, 1.0),
           (1.00, 0.76, 0.03, 1.0), (0.96, 0.45, 0.10, 1.0), (0.55, 0.80, 1.00, 1.0), (0.10, 0.16, 0.45, 1.0),
           (1.00, 1.00, 1.00, 1.0)]


def stops(*pairs, extend="pad"):
    return {"Extend": extend,
            "ColorStop": [{"StopOffset": t, "PaletteIndex": i, "Alpha": 1.0} for t, i in pairs]}


def glyph(paint, name):
    return {"Format": P.PaintGlyph, "Paint": paint, "Glyph": name}


def solid(i, alpha=1.0):
    return {"Format": P.PaintSolid, "PaletteIndex": i, "Alpha": alpha}


shapes = {
    "berry_body": circle(500, 320, 290),
    "berry_leaf": polygon([(500, 560), (640, 760), (760, 700), (600, 600)]),
    "bar": rect(80, 120, 920, 640),
    "square": rect(300, 180, 700, 580),
    "disc": circle(500, 380, 320),
    "bite": circle(650, 480, 260),
    "ribbon": rect(150, 250, 850, 530),
}
paints = {
    "berry": {"Format": P.PaintColrLayers, "Layers": [
        glyph({"Format": P.PaintRadialGradient, "ColorLine": stops((0.0, 8), (0.25, 0), (0.7, 1), (1.0, 7)),
               "x0": 420, "y0": 410, "r0": 0, "x1": 420, "y1": 410, "r1": 420}, "berry_body"),
        glyph({"Format": P.PaintLinearGradient, "ColorLine": stops((0.0, 2), (1.0, 3)),
               "x0": 520, "y0": 580, "x1": 720, "y1": 740, "x2": 420, "y2": 740}, "berry_leaf"),
    ]},
    "gradient": glyph({"Format": P.PaintLinearGradient, "ColorLine": stops((0.0, 4), (0.5, 5), (1.0, 1),
                                                                           extend="reflect"),
                       "x0": 80, "y0": 120, "x1": 500, "y1": 640, "x2": 600, "y2": 40}, "bar"),
    "turned": {"Format": P.PaintColrLayers, "Layers": [
        {"Format": P.PaintRotateAroundCenter, "angle": angle, "centerX": 500, "centerY": 380,
         "Paint": glyph(solid(colour, 0.75), "square")}
        for angle, colour in [(0.0, 6), (22.5, 4), (45.0, 1)]
    ]},
    "crescent": {"Format": P.PaintComposite, "CompositeMode": "dest_out",
                 "SourcePaint": glyph(solid(8), "bite"), "BackdropPaint": glyph(solid(4), "disc")},
    "sphere": glyph({"Format": P.PaintRadialGradient, "ColorLine": stops((0.0, 8), (0.35, 6), (1.0, 7)),
                     "x0": 400, "y0": 480, "r0": 0, "x1": 400, "y1": 480, "r1": 430}, "disc"),
    "skewed": {"Format": P.PaintScaleAroundCenter, "scaleX": 1.0, "scaleY": 1.3, "centerX": 500, "centerY": 390,
               "Paint": {"Format": P.PaintSkewAroundCenter, "xSkewAngle": -20.0, "ySkewAngle": 0.0,
                         "centerX": 500, "centerY": 390,
                         "Paint": glyph({"Format": P.PaintLinearGradient,
                                         "ColorLine": stops((0.0, 6), (1.0, 1), extend="repeat"),
                                         "x0": 150, "y0": 0, "x1": 500, "y1": 0, "x2": 150, "y2": 400}, "ribbon")}},
}

order = [".notdef", "space"] + list(shapes) + list(paints)
# 720 units to the em: the glyphs stand about as tall as an emoji beside them.
fb = FontBuilder(720, isTTF=True)
fb.setupGlyphOrder(order)
cmap = {0x20: "space"}
cmap.update({FIRST + i: name for i, name in enumerate(paints)})
fb.setupCharacterMap(cmap)
outlines = dict(shapes)
outlines[".notdef"] = rect(100, 0, 900, 700)
outlines["space"] = TTGlyphPen(None).glyph()
# A colour glyph's own outline is what a renderer without COLR draws: its first layer's shape.
outlines.update({"berry": shapes["berry_body"], "gradient": shapes["bar"], "turned": shapes["square"],
                 "crescent": shapes["disc"], "sphere": shapes["disc"], "skewed": shapes["ribbon"]})
fb.setupGlyf(outlines)
# Left side bearings as the outlines have them (HarfBuzz places an outline by its bearing).
glyf = fb.font["glyf"]
for name in order:
    glyf[name].recalcBounds(glyf)
fb.setupHorizontalMetrics({name: (300 if name == "space" else 1000, getattr(glyf[name], "xMin", 0))
                           for name in order})
fb.setupHorizontalHeader(ascent=760, descent=-200)
fb.setupNameTable({"familyName": "Goldberry Colour Sample", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=760, sTypoDescender=-200, usWinAscent=760, usWinDescent=200)
fb.setupPost()
fb.font["CPAL"] = buildCPAL([PALETTE])
fb.font["COLR"] = buildCOLR(paints, version=1)
fb.save(sys.argv[1])
