# ci/screen-reader.py: walks goldberry's window as a screen reader does, through AT-SPI (Debian's pyatspi), and acts
# on it: finds the controls screen's widgets by role and name, presses the button and sets the slider through
# AT-SPI's Action and Value interfaces, and reads the changes back from the tree. Run by ci/screen-reader-test,
# inside the D-Bus session the app runs in.
import sys
import time

import pyatspi


def fail(message):
    print(f"ci/screen-reader: {message}", file=sys.stderr)
    sys.exit(1)


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


app = app_named("goldberry", 20)
window = find(app, "frame", "goldberry: Controls")
print(f"ci/screen-reader: {app.name}: {len(nodes(app))} nodes, window {window.name!r}")
unnamed = [n for n in nodes(window)[1:] if not n.name and n.getRoleName() in ("push button", "check box", "slider")]
if unnamed:
    fail(f"unnamed interactive nodes: {[n.getRoleName() for n in unnamed]}")

button = find(window, "push button", "Press me")
action = button.queryAction()
names = [action.getName(i) for i in range(action.nActions)]
if "click" not in names:
    fail(f"the button offers {names}, not click")
action.doAction(names.index("click"))
find(window, "label", "pressed once")
print("ci/screen-reader: pressed the button through AT-SPI; the label says 'pressed once'")

slider = find(window, "slider", "Slider")
value = slider.queryValue()
before = value.currentValue
value.currentValue = 70.0
end = time.time() + 5
while time.time() < end and abs(slider.queryValue().currentValue - 70.0) > 1e-6:
    time.sleep(0.1)
after = slider.queryValue().currentValue
if abs(after - 70.0) > 1e-6:
    fail(f"the slider's value went from {before} to {after}, not 70")
print(f"ci/screen-reader: set the slider from {before} to {after} through AT-SPI's Value")
