# ci/screen-reader.py CASE: walks goldberry's window as a screen reader does, through AT-SPI (Debian's pyatspi), and
# acts on it. Each case is one run of the app that ci/screen-reader-test starts (inside the D-Bus session the app
# runs in); it finds widgets by role and name, acts through AT-SPI's Action, Value and EditableText interfaces, and
# reads the changes back from the tree.
import sys
import time

import pyatspi


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


CASES = {"controls": ("goldberry: Controls", controls)}

if len(sys.argv) != 2 or sys.argv[1] not in CASES:
    fail(f"usage: ci/screen-reader.py CASE, one of {', '.join(CASES)}")
title, walk = CASES[sys.argv[1]]
app = app_named("goldberry", 20)
window = find(app, "frame", title)
say(f"{sys.argv[1]}: {app.name}: {len(nodes(app))} nodes, window {window.name!r}")
walk(window)
