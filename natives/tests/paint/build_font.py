# Builds the COLR test font for natives/tests/paint.rs at test time (fontTools from PyPI; ci/setup --for test installs
# it): a COLR v1 glyph for every paint operation (solid, linear, radial and sweep gradients with each extend mode,
# transforms of every kind, a composite, a clip box, a COLR glyph, layers), a COLR v0 glyph, a paint cycle and a
# chain of COLR glyphs deeper than HarfBuzz follows. Usage: python3 build_font.py OUT.ttf
import sys
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables import otTables as ot
from fontTools.colorLib.builder import buildCOLR, buildCPAL

def rect(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0)); pen.lineTo((x0, y1)); pen.lineTo((x1, y1)); pen.lineTo((x1, y0)); pen.closePath()
    return pen.glyph()

P = ot.PaintFormat
DEEP = 100
colour = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "V", "L", "M", "N", "O", "cycle"] + [f"deep{i}" for i in range(DEEP)]
order = [".notdef", "box", "bar"] + colour
fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(order)
cmap = {ord(c): c for c in "ABCDEFGHIJKVLMNO"}
cmap[ord("x")] = "cycle"
cmap[ord("y")] = "deep0"
fb.setupCharacterMap(cmap)
glyphs = {name: rect(100, 0, 900, 800) for name in order}
glyphs["bar"] = rect(0, 300, 1000, 500)
fb.setupGlyf(glyphs)
# Left side bearings as the outlines have them (HarfBuzz places an outline by its bearing).
fb.setupHorizontalMetrics({n: (1000, 0 if n == "bar" else 100) for n in order})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Goldberry Paint Test", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
fb.setupPost()
fb.font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0), (1.0, 1.0, 0.0, 0.5)]])

def solid(i, alpha=1.0):
    return {"Format": P.PaintSolid, "PaletteIndex": i, "Alpha": alpha}
def line(extend):
    return {"Extend": extend, "ColorStop": [{"StopOffset": 0.0, "PaletteIndex": 0, "Alpha": 1.0},
                                            {"StopOffset": 1.0, "PaletteIndex": 2, "Alpha": 1.0}]}
def glyph(paint, g="box"):
    return {"Format": P.PaintGlyph, "Paint": paint, "Glyph": g}

paints = {
    "A": glyph(solid(0)),
    "B": glyph({"Format": P.PaintLinearGradient, "ColorLine": line("repeat"),
                "x0": 100, "y0": 0, "x1": 900, "y1": 0, "x2": 100, "y2": 800}),
    "C": glyph({"Format": P.PaintRadialGradient, "ColorLine": line("reflect"),
                "x0": 500, "y0": 400, "r0": 0, "x1": 500, "y1": 400, "r1": 300}),
    "D": glyph({"Format": P.PaintSweepGradient, "ColorLine": line("pad"),
                "centerX": 500, "centerY": 400, "startAngle": 0.0, "endAngle": 180.0}),
    "E": {"Format": P.PaintTranslate, "dx": 100, "dy": 50,
          "Paint": {"Format": P.PaintRotate, "angle": 45.0,
                    "Paint": {"Format": P.PaintScale, "scaleX": 0.5, "scaleY": 0.5,
                              "Paint": {"Format": P.PaintSkew, "xSkewAngle": 10.0, "ySkewAngle": 0.0,
                                        "Paint": {"Format": P.PaintTransform,
                                                  "Transform": {"xx": 1.0, "yx": 0.0, "xy": 0.0, "yy": 1.0, "dx": 10, "dy": 20},
                                                  "Paint": glyph(solid(1))}}}}},
    "F": {"Format": P.PaintComposite, "CompositeMode": "multiply",
          "SourcePaint": glyph(solid(3), "bar"), "BackdropPaint": glyph(solid(2))},
    "G": {"Format": P.PaintColrGlyph, "Glyph": "A"},
    # Modes Blend2D has no operator for, computed per pixel: overlapping layers, half-transparent source.
    "L": {"Format": P.PaintComposite, "CompositeMode": "difference",
          "SourcePaint": glyph(solid(3), "bar"), "BackdropPaint": glyph(solid(0))},
    "M": {"Format": P.PaintComposite, "CompositeMode": "overlay",
          "SourcePaint": glyph(solid(1), "bar"), "BackdropPaint": glyph(solid(2))},
    "N": {"Format": P.PaintComposite, "CompositeMode": "hsl_hue",
          "SourcePaint": glyph(solid(2), "bar"), "BackdropPaint": glyph(solid(0))},
    "O": {"Format": P.PaintComposite, "CompositeMode": "exclusion",
          "SourcePaint": glyph(solid(1), "bar"), "BackdropPaint": glyph(solid(3))},
    # Sweeps with the other extend modes, and one turned and squeezed by a transform.
    "I": glyph({"Format": P.PaintSweepGradient, "ColorLine": line("repeat"),
                "centerX": 450, "centerY": 350, "startAngle": 30.0, "endAngle": 120.0}),
    "J": glyph({"Format": P.PaintSweepGradient, "ColorLine": line("reflect"),
                "centerX": 550, "centerY": 450, "startAngle": -45.0, "endAngle": 45.0}),
    "K": {"Format": P.PaintTransform,
          "Transform": {"xx": 0.8, "yx": 0.3, "xy": -0.2, "yy": 0.6, "dx": 150, "dy": 100},
          "Paint": glyph({"Format": P.PaintSweepGradient, "ColorLine": line("pad"),
                          "centerX": 450, "centerY": 400, "startAngle": 60.0, "endAngle": 300.0})},
    "H": {"Format": P.PaintColrLayers, "Layers": [glyph(solid(0)), glyph(solid(2, 0.5), "bar")]},
    "V": [("box", 0), ("bar", 1)],
    "cycle": {"Format": P.PaintColrGlyph, "Glyph": "cycle"},
}
for i in range(DEEP):
    paints[f"deep{i}"] = {"Format": P.PaintColrGlyph, "Glyph": f"deep{i + 1}"} if i + 1 < DEEP else glyph(solid(0))
fb.font["COLR"] = buildCOLR(paints, clipBoxes={"G": (0, 0, 500, 500)})
fb.save(sys.argv[1])
