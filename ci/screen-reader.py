# ci/screen-reader.py CASE: walks goldberry's window as a screen reader does, through AT-SPI (Debian's pyatspi), and
# acts on it. Each case is one run of the app that ci/screen-reader-test starts (inside the D-Bus session the app
# runs in); it finds widgets by role and name, acts through AT-SPI's Action, Value and EditableText interfaces, and
# reads the changes back from the tree.
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib


def fail(message):
    print(f"ci/screen-reader: {message}", file=sys.stderr)
    sys.exit(1)


def say(message):
    print(f"ci/screen-reader: {message}")


def app_named(name, seconds):
    end = time.time() + seconds
    while time.time() < end:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and name in (app.name or "").lower():
                return app
        time.sleep(0.2)
    names = [a.name for a in pyatspi.Registry.getDesktop(0) if a is not None]
    fail(f"no application named {name} on the AT-SPI bus within {seconds} s (there: {names})")


def nodes(root):
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(child for child in node if child is not None)
    return out


def text_of(node):
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except NotImplementedError:
        return ""


def find(root, role, name, seconds=5.0):
    end = time.time() + seconds
    while time.time() < end:
        for node in nodes(root):
            if node.getRoleName() == role and name in (node.name, text_of(node)):
                return node
        time.sleep(0.1)
    seen = sorted({f"{n.getRoleName()} {n.name!r}" for n in nodes(root) if n.name})
    fail(f"no {role} {name!r} within {seconds} s; the tree has: {', '.join(seen[:40])}")


def states(node):
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def until(what, check, seconds=5.0):
    """Waits for `check()` to hold (the app answers a frame later); fails with `what` and its last value."""
    end = time.time() + seconds
    while True:
        ok, seen = check()
        if ok:
            return seen
        if time.time() > end:
            fail(f"{what}: {seen}")
        time.sleep(0.1)


def controls(window):
    unnamed = [
        n for n in nodes(window)[1:] if not n.name and n.getRoleName() in ("push button", "check box", "slider")
    ]
    if unnamed:
        fail(f"unnamed interactive nodes: {[n.getRoleName() for n in unnamed]}")

    button = find(window, "push button", "Press me")
    action = button.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if "click" not in names:
        fail(f"the button offers {names}, not click")
    action.doAction(names.index("click"))
    find(window, "label", "pressed once")
    say("pressed the button through AT-SPI; the label says 'pressed once'")

    slider = find(window, "slider", "Slider")
    before = slider.queryValue().currentValue
    slider.queryValue().currentValue = 70.0
    after = until(
        "the slider's value did not go to 70",
        lambda: (abs(slider.queryValue().currentValue - 70.0) < 1e-6, slider.queryValue().currentValue),
    )
    say(f"set the slider from {before} to {after} through AT-SPI's Value")

    # Finding 3: a disabled button is neither enabled nor sensitive (AccessKit's Unix adapter said both before
    # accesskit_atspi_common 0.21, AccessKit #788), and an enabled one is both.
    unavailable = states(find(window, "push button", "Unavailable"))
    if unavailable & {"enabled", "sensitive"}:
        fail(f"the disabled button 'Unavailable' says {sorted(unavailable)}")
    pressable = states(button)
    if not {"enabled", "sensitive"} <= pressable:
        fail(f"the button 'Press me' says {sorted(pressable)}, not enabled and sensitive")
    say("the disabled button 'Unavailable' is neither enabled nor sensitive; 'Press me' is both")


class Heard:
    """The AT-SPI events of some kinds the app raises, as a screen reader hears them."""

    def __init__(self, *kinds):
        self.events = []
        for kind in kinds:
            pyatspi.Registry.registerEventListener(self.events.append, kind)

    def pump(self, seconds):
        end = time.time() + seconds
        context = GLib.MainContext.default()
        while time.time() < end:
            while context.iteration(False):
                pass
            time.sleep(0.02)

    def of(self, kind, node):
        return [e for e in self.events if e.type.startswith(kind) and e.source == node]


def keys(*args):
    """Real key presses into the app's window (X's XTEST, as a keyboard's), through xdotool."""
    subprocess.run(["xdotool", *args], check=True)


def text_and_caret(node):
    text = node.queryText()
    return text.getText(0, text.characterCount), text.caretOffset


def forms(window):
    # Finding 1: every text field is readable and editable text: Text (content, caret, selection) and EditableText,
    # and typing raises text-changed and caret-moved.
    for role, name in [("entry", "Name"), ("password text", "Password"), ("entry", "Message")]:
        field = find(window, role, name)
        for interface in ("queryText", "queryEditableText"):
            try:
                getattr(field, interface)()
            except NotImplementedError:
                fail(f"the {role} {name!r} has no {interface[5:]} interface")
    name = find(window, "entry", "Name")
    heard = Heard("object:text-changed", "object:text-caret-moved")
    name.queryComponent().grabFocus()
    until("the Name field did not take the focus", lambda: ("focused" in states(name), sorted(states(name))))
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    keys("type", "--delay", "30", "xy")
    seen = until("typing 'xy' into Name", lambda: (text_and_caret(name) == ("xy", 2), text_and_caret(name)))
    heard.pump(0.5)
    inserted = heard.of("object:text-changed:insert", name)
    moved = heard.of("object:text-caret-moved", name)
    if not inserted or not moved:
        fail(f"typing 'xy' raised {len(inserted)} text-changed:insert and {len(moved)} caret-moved on Name")
    say(f"typed 'xy' into Name: Text reads {seen}; {len(inserted)} text-changed, {len(moved)} caret-moved heard")
    keys("key", "shift+Left")
    selection = until(
        "Shift+Left did not select the y",
        lambda: (name.queryText().getNSelections() == 1 and name.queryText().getSelection(0) == (1, 2),
                 [name.queryText().getSelection(i) for i in range(name.queryText().getNSelections())]),
    )
    say(f"Shift+Left selects {selection} in Name")
    name.queryEditableText().setTextContents("Ada")
    until("setTextContents('Ada')", lambda: (text_and_caret(name)[0] == "Ada", text_and_caret(name)))
    say("EditableText's setTextContents wrote 'Ada' into Name")


def extents(node, coords):
    box = node.queryComponent().getExtents(coords)
    return (box.x, box.y, box.width, box.height)


def places(window):
    """Finding 2: positions are the screen's, from where the window stands, kept current when it moves; the frame
    has the window's extents; a point on the screen finds the node drawn there."""
    field = find(window, "entry", "Single line")
    for x, y in [(150, 100), (310, 170)]:
        keys("search", "--name", "goldberry", "windowmove", "--sync", str(x), str(y))
        until(f"the frame's screen extents after moving the window to ({x}, {y})",
              lambda: (extents(window, pyatspi.DESKTOP_COORDS)[:2] == (x, y), extents(window, pyatspi.DESKTOP_COORDS)))
        frame = extents(window, pyatspi.DESKTOP_COORDS)
        if frame[2:] != (960, 640):
            fail(f"the frame's extents are {frame}, not the window's 960x640 at ({x}, {y})")
        inside = extents(field, pyatspi.WINDOW_COORDS)
        on_screen = extents(field, pyatspi.DESKTOP_COORDS)
        if on_screen != (inside[0] + x, inside[1] + y, inside[2], inside[3]) or inside[2] <= 0:
            fail(f"{field.name!r} is at {inside} in the window and {on_screen} on the screen, window at ({x}, {y})")
        cx, cy = on_screen[0] + on_screen[2] // 2, on_screen[1] + on_screen[3] // 2
        hit = window.queryComponent().getAccessibleAtPoint(cx, cy, pyatspi.DESKTOP_COORDS)
        if hit is None or hit.name != field.name:
            fail(f"the node at screen point ({cx}, {cy}) is {hit and (hit.getRoleName(), hit.name)}, not {field.name!r}")
        say(f"window at ({x}, {y}): frame {frame}, {field.name!r} at {on_screen} on the screen and hit there")


CASES = {"controls": ("goldberry: Controls", controls), "forms": ("goldberry: Forms", forms),
    "places": ("goldberry: Text", places),
}

if len(sys.argv) != 2 or sys.argv[1] not in CASES:
    fail(f"usage: ci/screen-reader.py CASE, one of {', '.join(CASES)}")
title, walk = CASES[sys.argv[1]]
app = app_named("goldberry", 20)
window = find(app, "frame", title)
say(f"{sys.argv[1]}: {app.name}: {len(nodes(app))} nodes, window {window.name!r}")
walk(window)
