# ci/screen-reader.py CASE: walks goldberry's window as a screen reader does, through AT-SPI (Debian's pyatspi), and
# acts on it. Each case is one run of the app that ci/screen-reader-test starts (inside the D-Bus session the app
# runs in); it finds widgets by role and name, acts through AT-SPI's Action, Value and EditableText interfaces, and
# reads the changes back from the tree.
import json
import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

from atspi_walk import nodes


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


def box(r):
    """An extents answer as (x, y, width, height): pyatspi gives a list for a character, a box for a range."""
    return (r.x, r.y, r.width, r.height) if hasattr(r, "width") else tuple(r)


def characters(window):
    """A field's characters through AT-SPI's Text: each one's extents on the screen, inside the field and one after
    the other as drawn; a range's extents spanning its characters; the offset at a character's point; and the caret
    and selection set by setCaretOffset and setSelection, carried out by the app as a press and a drag and read back
    from its tree."""
    name = find(window, "entry", "Name")
    name.queryEditableText().setTextContents("Ada")
    until("setTextContents('Ada')", lambda: (text_and_caret(name)[0] == "Ada", text_and_caret(name)))
    field = extents(name, pyatspi.DESKTOP_COORDS)
    text = name.queryText()
    chars = until("the characters of 'Ada' have no extents",
                  lambda: (all(box(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS))[2] > 0 for i in range(3)),
                           [box(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS)) for i in range(3)]))
    for i, (x, y, w, h) in enumerate(chars):
        if not (field[0] <= x and x + w <= field[0] + field[2] and field[1] <= y and y + h <= field[1] + field[3]):
            fail(f"character {i} of 'Ada' is at {(x, y, w, h)}, outside the field's {field}")
        if i and x < chars[i - 1][0] + chars[i - 1][2] - 1:
            fail(f"character {i} of 'Ada' at {(x, y, w, h)} does not follow character {i - 1} at {chars[i - 1]}")
    whole = box(text.getRangeExtents(0, 3, pyatspi.DESKTOP_COORDS))
    if abs(whole[0] - chars[0][0]) > 1 or abs(whole[0] + whole[2] - (chars[2][0] + chars[2][2])) > 1:
        fail(f"the range 0..3 is at {whole}, not from character 0 {chars[0]} to character 2 {chars[2]}")
    x, y, w, h = chars[1]
    hit = text.getOffsetAtPoint(x + w // 2, y + h // 2, pyatspi.DESKTOP_COORDS)
    if hit != 1:
        fail(f"the offset at the middle of character 1 {chars[1]} is {hit}, not 1")
    say(f"'Ada' in Name: characters at {chars}, the range at {whole}, offset {hit} at the 'd'")

    # The password's dots are placed too.
    password = find(window, "password text", "Password")
    password.queryEditableText().setTextContents("secret12")
    until("setTextContents on Password", lambda: (password.queryText().characterCount == 8,
                                                   password.queryText().characterCount))
    dots = password.queryText()
    last = until("the password's dots have no extents",
                 lambda: (box(dots.getCharacterExtents(7, pyatspi.DESKTOP_COORDS))[2] > 0,
                          box(dots.getCharacterExtents(7, pyatspi.DESKTOP_COORDS))))
    say(f"the password's eighth dot is at {last}")

    text = name.queryText()
    text.setCaretOffset(1)
    until("setCaretOffset(1) on Name", lambda: (name.queryText().caretOffset == 1 and "focused" in states(name),
                                               (name.queryText().caretOffset, sorted(states(name)))))
    text.setSelection(0, 0, 2)
    selection = until("setSelection(0, 0, 2) on Name",
                      lambda: (name.queryText().getNSelections() == 1 and name.queryText().getSelection(0) == (0, 2),
                               [name.queryText().getSelection(i) for i in range(name.queryText().getNSelections())]))
    text.setSelection(0, 1, 3)
    moved = until("setSelection(0, 1, 3) on Name",
                  lambda: (name.queryText().getSelection(0) == (1, 3) and name.queryText().caretOffset == 3,
                           (name.queryText().getSelection(0), name.queryText().caretOffset)))
    say(f"setCaretOffset(1) put Name's caret at 1; setSelection selected {selection}, then {moved[0]} with the "
        f"caret at {moved[1]}")


def rules(window):
    """Invalid with the rule's message as its description: Submit on the empty form marks the three fields and the
    required checkbox, each described by what its rule says."""
    want = {("entry", "Name"): "Required", ("entry", "Email"): "Required",
            ("password text", "Password"): "At least 8 characters", ("check box", "I accept the terms"): "Required"}
    for (role, name), _ in want.items():
        if find(window, role, name).description:
            fail(f"the {role} {name!r} is described as {find(window, role, name).description!r} before Submit")
    if any("invalid entry" in states(find(window, *k)) for k in want):
        fail(f"invalid before Submit: {[k for k in want if 'invalid entry' in states(find(window, *k))]}")
    heard = Heard("object:state-changed:invalid-entry")
    press(find(window, "push button", "Submit"))
    said = until("after Submit, the rules' messages are not the descriptions",
                 lambda: ({k: find(window, *k).description for k in want} == want,
                          {k: find(window, *k).description for k in want}))
    say(f"after Submit: {said}")
    # The invalid state AccessKit's translation drops: each broken rule's node says "invalid entry", and said so.
    until("after Submit, not every field with a broken rule says invalid entry",
          lambda: (all("invalid entry" in states(find(window, *k)) for k in want),
                   {k: sorted(states(find(window, *k)) & {"invalid entry"}) for k in want}))
    heard.pump(0.5)
    raised = {(e.source.getRoleName(), e.source.name) for e in heard.events if e.detail1 == 1}
    if not set(want) <= raised:
        fail(f"state-changed:invalid-entry was raised for {sorted(raised)}, not each of {sorted(want)}")
    say(f"after Submit: {len(want)} nodes say invalid entry, each raised state-changed:invalid-entry")


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
        # Its first character is placed on the screen too, inside the field, wherever the window stands.
        first = until(f"the first character of {field.name!r} has no extents",
                      lambda: (box(field.queryText().getCharacterExtents(0, pyatspi.DESKTOP_COORDS))[2] > 0,
                               box(field.queryText().getCharacterExtents(0, pyatspi.DESKTOP_COORDS))))
        if not (on_screen[0] <= first[0] < on_screen[0] + on_screen[2] and on_screen[1] <= first[1] < on_screen[1] + on_screen[3]):
            fail(f"the first character of {field.name!r} is at {first}, outside the field at {on_screen}")
        say(f"window at ({x}, {y}): frame {frame}, {field.name!r} at {on_screen} on the screen and hit there, its "
            f"first character at {first}")


def row_places(node, where, what, most=400):
    """An area's characters through AT-SPI's Text, as `check_screen` asks of every multi-line entry: each one drawn
    in view (its row inside the area's box `where`) lies inside the box, the offset at its centre is its own, and
    its characters stand on more than one row. Zero-width characters (a line break, the second of a grapheme) are
    left out. The problems found, as sentences."""
    text = node.queryText()
    problems, rows = [], set()
    for i in range(min(text.characterCount, most)):
        x, y, w, h = box(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS))
        if w <= 0 or h <= 0 or not (where[1] <= y and y + h <= where[1] + where[3]):
            continue
        rows.add(y)
        if not (where[0] - 1 <= x and x + w <= where[0] + where[2] + 1):
            problems.append(f"{what}: character {i} is at {(x, y, w, h)}, outside its box {where}")
        hit = text.getOffsetAtPoint(x + w // 2, y + h // 2, pyatspi.DESKTOP_COORDS)
        if hit != i:
            problems.append(f"{what}: the offset at the centre of character {i} {(x, y, w, h)} is {hit}")
    if text.characterCount and len(rows) < 2:
        problems.append(f"{what}: its characters in view stand on {len(rows)} rows")
    return problems


def wrapped(window):
    """An area's wrapped line through AT-SPI's Text: a run per row, so a character on the line's second row lies a
    row below the first row's, at the area's start edge where the frame draws it (a click at its left edge puts the
    app's caret before it, as setCaretOffset and setSelection there do), the offset at its point is its own, and a
    range over the row spans its characters. (The
    space a row wraps after hangs past its end, drawn nowhere: it has no width.) Named
    wrapped-mirrored, it first mirrors the window (Ctrl+R)."""
    if "mirrored" in sys.argv[1]:
        keys("search", "--name", "goldberry", "windowfocus", "--sync")
        keys("key", "ctrl+r")
        time.sleep(0.5)
    area = find(window, "entry", "Message")
    line = "Goldberry wraps a line that is longer than its area into rows of its own"
    area.queryEditableText().setTextContents(line + "\nend")
    until("setTextContents on Message", lambda: (text_of(area) == line + "\nend", text_of(area)))
    text = area.queryText()
    where = extents(area, pyatspi.DESKTOP_COORDS)
    chars = until("the characters of Message have no extents",
                  lambda: (all(box(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS))[2] > 0
                               for i in range(len(line)) if line[i] != " "),
                           [box(text.getCharacterExtents(i, pyatspi.DESKTOP_COORDS)) for i in range(len(line))]))
    second = next((i for i, c in enumerate(chars) if c[1] >= chars[0][1] + chars[0][3]), None)
    if second is None:
        fail(f"the line {line!r} does not wrap in Message: its characters stand at {chars}")
    x, y, w, h = chars[second]
    if abs(y - (chars[0][1] + chars[0][3])) > 1 or abs(x - chars[0][0]) > 1:
        fail(f"character {second}, the second row's first, is at {chars[second]}, not a row below and at the start "
             f"edge of the first row's first {chars[0]}")
    problems = row_places(area, where, "Message")
    if problems:
        fail("; ".join(problems[:8]))
    row_end = next((i for i in range(second, len(line)) if chars[i][1] != y), len(line))
    span = box(text.getRangeExtents(second, row_end, pyatspi.DESKTOP_COORDS))
    last = chars[row_end - 1]
    if abs(span[0] - x) > 1 or abs(span[0] + span[2] - (last[0] + last[2])) > 1 or abs(span[1] - y) > 1:
        fail(f"the second row's range {second}..{row_end} is at {span}, not from {chars[second]} to {last}")
    # Where the frame draws it: a click at the character's left edge puts the app's caret before it.
    area.queryComponent().grabFocus()
    keys("mousemove", "--sync", str(x + 1), str(y + h // 2), "click", "1")
    caret = until(f"a click at character {second} {chars[second]}",
                  lambda: (area.queryText().caretOffset == second, area.queryText().caretOffset))
    # The caret and a selection set through Text land on the second row, carried out as a press and a drag there.
    text.setCaretOffset(second + 2)
    until(f"setCaretOffset({second + 2}) on Message",
          lambda: (area.queryText().caretOffset == second + 2, area.queryText().caretOffset))
    text.setSelection(0, second + 1, second + 4)
    selected = until(f"setSelection(0, {second + 1}, {second + 4}) on Message",
                     lambda: (area.queryText().getNSelections() == 1
                              and area.queryText().getSelection(0) == (second + 1, second + 4),
                              [area.queryText().getSelection(i) for i in range(area.queryText().getNSelections())]))
    say(f"Message wraps {line!r}: character {second} starts the second row at {chars[second]}, below the first at "
        f"{chars[0]}; the row's range {span}; every character's offset at its point is its own; a click at its left "
        f"edge put the caret at {caret}; setCaretOffset and setSelection on that row gave {second + 2} and "
        f"{selected}")


def children(node):
    return [c for c in node if c is not None]


def attributes(node):
    return dict(a.split(":", 1) for a in node.getAttributes())


def press(node):
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if "click" not in names:
        fail(f"the {node.getRoleName()} {node.name!r} offers {names}, not click")
    action.doAction(names.index("click"))


def focused(window):
    return [n for n in nodes(window) if "focused" in states(n)]


def menus(window):
    # Finding 4: composite widgets' parts are their children, with their roles and names.
    bar = find(window, "menu bar", "Menu bar")
    titles = [(c.getRoleName(), c.name) for c in children(bar)]
    if titles != [("menu item", t) for t in ("File", "Edit", "View", "Help")]:
        fail(f"the menu bar's children are {titles}")
    docs = find(window, "page tab list", "Documents")
    tabs = [c.name for c in children(docs) if c.getRoleName() == "page tab"]
    buttons = [c.name for c in children(docs) if c.getRoleName() == "push button"]
    if tabs != ["Notes.txt", "Plan.md", "Budget.csv"] or "New document" not in buttons or len(buttons) != 4:
        fail(f"the document tabs' children are tabs {tabs} and buttons {buttons}")
    sizes = {attributes(c).get("setsize") for c in children(docs) if c.getRoleName() == "page tab"}
    places = [attributes(c).get("posinset") for c in children(docs) if c.getRoleName() == "page tab"]
    if sizes != {"3"} or places != ["1", "2", "3"]:
        fail(f"the document tabs say set sizes {sizes} and places {places}")
    tree = find(window, "tree", "Files")
    rows = [(c.getRoleName(), c.name) for c in children(tree)]
    if len(rows) < 2 or any(role != "tree item" for role, _ in rows):
        fail(f"the tree's children are {rows}")
    pager = find(window, "panel", "Pages")
    pages = [c.name for c in children(pager)]
    if "Page 1" not in pages or "Next page" not in pages:
        fail(f"the pager's children are {pages}")
    say(f"menu bar {[t for _, t in titles]}, document tabs {tabs} + {len(buttons)} buttons, tree {rows[:3]}…, "
        f"pager {pages[:4]}…")

    # Finding 5: in an open menu the highlighted item has the focus and is selected, and the focus moves with it.
    heard = Heard("object:state-changed:focused")
    font = find(window, "combo box", "Font")
    press(font)
    def lit():
        return next((n for n in focused(window) if n.getRoleName() == "menu item"), None)

    until("no menu item has the focus once the Font list is open",
          lambda: (lit() is not None, [(n.getRoleName(), n.name) for n in focused(window)]))
    item = lit()
    if "selected" not in states(item):
        fail(f"the focused menu item {item.name!r} is not selected: {sorted(states(item))}")
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    keys("key", "Down")
    moved = until("Down did not move the focus to the next menu item",
                  lambda: (next((n.name for n in focused(window) if n.getRoleName() == "menu item"), None) not in
                           (None, item.name), [(n.getRoleName(), n.name) for n in focused(window)]))
    heard.pump(0.5)
    if not [e for e in heard.events if e.detail1 == 1 and e.source.getRoleName() == "menu item"]:
        fail("no focus event was raised on a menu item")
    say(f"the Font list opened with {item.name!r} focused and selected; Down moved the focus to {moved!r}")
    keys("key", "Escape")


def action_of(node):
    try:
        return node.queryAction()
    except NotImplementedError:
        fail(f"the {node.getRoleName()} {node.name!r} has no Action interface")


def actions_of(node):
    """The node's actions by name, with their key bindings."""
    action = action_of(node)
    return {action.getName(i): action.getKeyBinding(i) for i in range(action.nActions)}


def act_by_name(node, name):
    action = action_of(node)
    names = [action.getName(i) for i in range(action.nActions)]
    if name not in names:
        fail(f"the {node.getRoleName()} {node.name!r} offers {names}, not {name}")
    action.doAction(names.index(name))


def opened(window):
    """Expandable, expanded and collapsed (AT-SPI states AccessKit's translation drops), the actions that open and
    shut, and the state-changed events they raise: the panels screen's accordion, by GTK's expander action."""
    heard = Heard("object:state-changed:expanded", "object:state-changed:collapsed")
    header = find(window, "push button", "Layout")
    was = states(header)
    if not {"expandable"} <= was or ("expanded" in was) == ("collapsed" in was):
        fail(f"the accordion's header 'Layout' says {sorted(was)}, not expandable and one of expanded, collapsed")
    offered = actions_of(header)
    verb = "collapse" if "expanded" in was else "expand"
    if not {"click", "activate", verb} <= set(offered):
        fail(f"the accordion's header 'Layout' offers {sorted(offered)}, not click, activate and {verb}")
    act_by_name(header, verb)
    now = until(f"the action {verb} did not {verb} the header 'Layout'",
                lambda: (("expanded" in states(header)) != ("expanded" in was), sorted(states(header))))
    heard.pump(0.5)
    said = [(e.type, e.detail1) for e in heard.events if e.source == header]
    want = "object:state-changed:expanded" if verb == "expand" else "object:state-changed:collapsed"
    if (want, 1) not in said:
        fail(f"{verb} on 'Layout' raised {said}, not {want} = 1")
    act_by_name(header, "activate")
    until("the action activate did not toggle 'Layout' back",
          lambda: (("expanded" in states(header)) == ("expanded" in was), sorted(states(header))))
    say(f"the header 'Layout': {sorted(was & {'expandable', 'expanded', 'collapsed'})}, actions {sorted(offered)}; "
        f"{verb} made it {sorted(set(now) & {'expanded', 'collapsed'})} and raised {said}; activate toggled it back")


def levels(window):
    """A tree item's level (an attribute AccessKit's translation drops), a branch expanded by Action, and a menu
    item's accelerator as its action's key binding (AccessKit's adapter answered "")."""
    tree = find(window, "tree", "Files")
    rows = children(tree)
    said = [(c.name, attributes(c).get("level")) for c in rows]
    if said[:2] != [("goldberry", "1"), ("app", "2")]:
        fail(f"the tree's rows say levels {said[:4]}, not goldberry 1, app 2")
    app = rows[1]
    if not {"expandable", "collapsed"} <= states(app) or "expanded" in states(app):
        fail(f"the shut branch 'app' says {sorted(states(app))}")
    heard = Heard("object:state-changed:expanded")
    act_by_name(app, "expand")
    until("expand did not open the branch 'app'", lambda: ("expanded" in states(app), sorted(states(app))))
    shown = until("the opened branch's children did not appear",
                  lambda: (any(c.name == "src" for c in children(tree)), [c.name for c in children(tree)]))
    heard.pump(0.5)
    if not [e for e in heard.events if e.source == app and e.detail1 == 1]:
        fail("opening 'app' raised no state-changed:expanded")
    src = next(c for c in children(tree) if c.name == "src")
    if attributes(src).get("level") != "3":
        fail(f"the row 'src' under 'app' says level {attributes(src).get('level')}, not 3")
    say(f"tree levels {said[:3]}; expand opened 'app' (rows now {shown[:5]}), 'src' is level 3")
    bar = find(window, "menu bar", "Menu bar")
    press(next(c for c in children(bar) if c.name == "File"))
    new = find(window, "menu item", "New")
    bindings = actions_of(new)
    if bindings.get("click") != "Ctrl+N":
        fail(f"the menu item 'New' offers {bindings}, not click bound to Ctrl+N")
    say(f"the menu item 'New': actions and key bindings {bindings}")
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    keys("key", "Escape")


def chips(window):
    # Finding 5: the feature chips' focus is on the chip the keyboard is on, not the window's frame.
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    keys("key", "Tab", "Tab", "Right", "Right")
    chip = until("the focus is not on the third chip after Tab, Tab, Right, Right",
                 lambda: ([(n.getRoleName(), n.name) for n in focused(window)] == [("check box", "dlig")],
                          [(n.getRoleName(), n.name) for n in focused(window)]))
    say(f"Tab, Tab, Right, Right: the focus is on {chip}")


def content(window):
    # Finding 6: the sample and the fallback paragraph are nodes with their text, and what is drawn at the start
    # (badges, labels, progress bars) has a box on the screen.
    sample = find(window, "label", "Office affine flow 0123456789 1/2 3/4 (HELLO) [A-Z] → a g 1 l I 4 6 9")
    text, _ = text_and_caret(sample)
    if not text.startswith("Office affine flow"):
        fail(f"the sample's Text reads {text!r}")
    fallback = [n for n in nodes(window) if n.getRoleName() == "label" and text_of(n).startswith("Inter draws Latin")]
    if not fallback:
        fail("the fallback paragraph is not in the tree")
    for node in (sample, fallback[0]):
        box = extents(node, pyatspi.WINDOW_COORDS)
        if box[2] <= 0 or box[3] <= 0:
            fail(f"{node.name[:20]!r} has the box {box}")
    say(f"the sample reads {text[:24]!r}…, the fallback paragraph {text_of(fallback[0])[:24]!r}…, both placed")


def list_rows(window):
    # Finding 4: the 10,000-row list's rows in view are its items, each with its place among all 10,000.
    rows = find(window, "list", "Rows")
    items = children(rows)
    if not 10 <= len(items) <= 40 or any(c.getRoleName() != "list item" for c in items):
        fail(f"the list has {len(items)} children: {[(c.getRoleName(), c.name) for c in items[:5]]}")
    first = attributes(items[0])
    if first.get("posinset") != "1" or first.get("setsize") != "10000":
        fail(f"the first row says {first}")
    say(f"the list shows {len(items)} rows as items, the first {items[0].name!r} 1 of 10000")


def panels(window):
    # Finding 4: the divider says its place through Value, as the report's percentage does.
    divider = find(window, "separator", "Divider")
    try:
        value = divider.queryValue().currentValue
    except NotImplementedError:
        fail("the divider has no Value interface")
    if abs(value - 40.0) > 0.5:
        fail(f"the divider's Value is {value}, not 40")
    say(f"the divider's Value is {value}")


SCREENS = ["Overview", "Text", "Layout", "Controls", "Scrolling", "Values", "Forms", "Panels", "Menus"]
# The report's roles as AT-SPI names them (AccessKit's mapping), for the roles whose states the sweep compares.
ROLES = {
    "button": "push button", "checkbox": "check box", "switch": "toggle button", "radiobutton": "radio button",
    "slider": "slider", "spinbutton": "spin button", "textinput": "entry", "multilinetextinput": "entry",
    "passwordinput": "password text", "combobox": "combo box", "tab": "page tab", "menuitem": "menu item",
    "treeitem": "tree item", "listitem": "list item", "label": "label", "status": "status bar",
}
# Roles a person acts on or reads by name: each needs one.
NAMED = {"push button", "check box", "radio button", "toggle button", "slider", "spin button", "entry",
         "password text", "combo box", "page tab", "menu item", "tree item", "list item", "menu bar", "page tab list",
         "tree", "list", "radio group", "separator"}
# Roles whose parts are their children.
COMPOSITE = {"menu bar", "page tab list", "tree", "list", "radio group", "menu"}
# Roles AT-SPI's Text must read.
TEXTS = {"entry", "password text", "label", "spin button"}


def seen_states(node, role):
    """The report's states, as read back from AT-SPI's."""
    s = states(node)
    checked = "pressed" if role == "toggle button" else "checked"
    return {"checked": checked in s, "mixed": "indeterminate" in s, "disabled": "enabled" not in s and "read only" not in s,
            "selected": "selected" in s, "readonly": "read only" in s, "required": "required" in s,
            "busy": "busy" in s, "expanded": "expanded" in s, "collapsed": "collapsed" in s,
            "invalid": "invalid entry" in s}


def said_states(entry):
    have = set(entry.get("states") or [])
    return {k: k in have for k in ("checked", "mixed", "disabled", "selected", "readonly", "required", "busy",
                                   "expanded", "collapsed", "invalid")}


def check_screen(window, title, report, where, fresh=True):
    """The per-node rules of the sweep on the screen `window` shows: a role; a name where the role needs one; a box,
    and the node there at its centre when it lies in the window; the report's states; Text with the report's text;
    children for a composite. Invalid is compared only on a `fresh` screen: the Tab walk of an earlier look leaves
    fields whose rules it broke invalid, which the headless report's untouched screen is not."""
    frame = extents(window, pyatspi.DESKTOP_COORDS)
    problems = []
    walked = nodes(window)[1:]
    expected = {}
    for entry in (report or {}).get("accessibility", {}).get("nodes", []):
        role = ROLES.get(entry["role"])
        if role:
            expected.setdefault((role, entry["name"]), []).append(entry)
    for node in walked:
        role, name = node.getRoleName(), node.name or ""
        what = f"{role} {name[:30]!r}"
        if role in ("unknown", "invalid", "") :
            problems.append(f"{what}: no role")
        if role in NAMED and not name.strip():
            problems.append(f"an unnamed {role}")
        placed = extents(node, pyatspi.DESKTOP_COORDS)
        if placed[2] <= 0 or placed[3] <= 0:
            problems.append(f"{what}: the box {placed}")
            continue
        cx, cy = placed[0] + placed[2] // 2, placed[1] + placed[3] // 2
        inside = frame[0] <= cx < frame[0] + frame[2] and frame[1] <= cy < frame[1] + frame[3]
        if inside and role in NAMED and role not in COMPOSITE:
            hit = window.queryComponent().getAccessibleAtPoint(cx, cy, pyatspi.DESKTOP_COORDS)
            if hit is None or (hit != node and hit.parent != node):
                problems.append(f"{what}: at its centre ({cx}, {cy}) is {hit and (hit.getRoleName(), hit.name)}")
        try:
            node.queryAction()
        except NotImplementedError:
            problems.append(f"{what}: no Action interface")
        if role in COMPOSITE and node.childCount == 0:
            problems.append(f"{what}: a {role} without children")
        if role in TEXTS:
            try:
                node.queryText()
            except NotImplementedError:
                problems.append(f"{what}: no Text")
            else:
                # A field's characters are placed: its first one, when it shows, lies in its box.
                if inside and role in ("entry", "password text") and "multi line" not in states(node) \
                        and node.queryText().characterCount > 0:
                    first = box(node.queryText().getCharacterExtents(0, pyatspi.DESKTOP_COORDS))
                    if first[2] <= 0 or not (placed[0] <= first[0] < placed[0] + placed[2]):
                        problems.append(f"{what}: its first character is at {first}, its box {placed}")
                # An area's characters are placed row by row, each where it is drawn.
                if inside and role == "entry" and "multi line" in states(node) and node.queryText().characterCount > 0:
                    problems.extend(row_places(node, placed, what))
        said = expected.get((role, name))
        if said and len(said) == 1:
            entry = said[0]
            seen, said_ = seen_states(node, role), said_states(entry)
            if not fresh:
                seen.pop("invalid"), said_.pop("invalid")
            if seen != said_:
                problems.append(f"{what}: AT-SPI says {sorted(states(node))}, the report {entry.get('states')}")
            if role in ("entry", "label") and role in TEXTS and not (role == "entry" and entry.get("value") is None):
                want = entry.get("value") if role == "entry" else (entry.get("value") or entry["name"])
                if role == "label" and entry["role"] != "label":
                    want = None
                if want is not None and text_of(node) != want:
                    problems.append(f"{what}: Text reads {text_of(node)[:40]!r}, the report {want[:40]!r}")
    if problems:
        fail(f"{where} {title}: " + "; ".join(problems[:12]) + (f" (and {len(problems) - 12} more)" if len(problems) > 12 else ""))
    return len(walked)


def tab_walk(window, title, where, tabs=6):
    """After every Tab, one node has the focus."""
    for i in range(tabs):
        keys("key", "Tab")
        time.sleep(0.15)
        lit = until(f"{where} {title}: after Tab {i + 1}, not one focused node",
                    lambda: (len(focused(window)) == 1, [(n.getRoleName(), n.name) for n in focused(window)]),
                    seconds=3.0)
    return lit


def sweep(window):
    """Every screen in each look (as named by SWEEP_LOOKS: light, dark, mirrored), reached through the screens' tab
    list by Action, checked by the per-node rules, then Tab walked."""
    reports = os.environ.get("SWEEP_REPORTS", "")
    looks = os.environ.get("SWEEP_LOOKS", "light").split(",")
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    strip = find(window, "page tab list", "Screens")
    total = 0
    for look in looks:
        if look == "dark":
            keys("key", "ctrl+t")
        elif look == "mirrored":
            keys("key", "ctrl+r")
        time.sleep(0.5)
        for title in SCREENS:
            tab = next((c for c in children(strip) if c.name == title), None)
            if tab is not None:
                press(tab)
            else:
                # A tab the strip has no room for (behind its "More screens") is reached by its shortcut.
                keys("key", f"ctrl+{SCREENS.index(title) + 1}")
            window = until(f"{look}: pressing the tab {title!r} did not show it",
                           lambda: (app_window(f"goldberry: {title}") is not None, app_window(f"goldberry: {title}")))
            time.sleep(0.3)
            report = None
            if reports:
                with open(os.path.join(reports, f"{title.lower()}.json"), encoding="utf-8") as f:
                    report = json.load(f)
            total += check_screen(window, title, report, look, fresh=look == looks[0])
            tab_walk(window, title, look)
            strip = find(window, "page tab list", "Screens")
        say(f"{look}: {len(SCREENS)} screens swept")
    say(f"{total} nodes checked in {len(looks)} looks")


def act(window):
    """Acts through AT-SPI on every checkbox (Action) and every slider and spinner (Value) of the values screen,
    presses the forms screen's Submit, and reads each result back."""
    moved = []
    for node in [n for n in nodes(window) if n.getRoleName() in ("slider", "spin button") and "enabled" in states(n)]:
        value = node.queryValue()
        low, high, step = value.minimumValue, value.maximumValue, value.minimumIncrement or 1.0
        target = low + round((high - low) / 2 / step) * step
        if abs(target - value.currentValue) < 1e-9:
            target = min(high, target + step)
        value.currentValue = target
        until(f"setting the {node.getRoleName()} {node.name!r} to {target}",
              lambda: (abs(node.queryValue().currentValue - target) < 1e-6, node.queryValue().currentValue))
        moved.append(f"{node.name} {target:g}")
    # Increment and decrement by Action, the steps AccessKit's adapter did not offer.
    stepped = []
    for node in [n for n in nodes(window) if n.getRoleName() in ("slider", "spin button") and "enabled" in states(n)]:
        value = node.queryValue()
        start, step = value.currentValue, value.minimumIncrement or 1.0
        verb, sign = ("increment", 1) if start + step <= value.maximumValue + 1e-9 else ("decrement", -1)
        act_by_name(node, verb)
        until(f"{verb} on the {node.getRoleName()} {node.name!r} from {start}",
              lambda: (abs(node.queryValue().currentValue - (start + sign * step)) < 1e-6,
                       node.queryValue().currentValue))
        stepped.append(f"{node.name} {verb}")
    say(f"values: by Action {', '.join(stepped)}")
    boxes = [n for n in nodes(window) if n.getRoleName() == "check box" and "enabled" in states(n)]
    for i, box in enumerate(boxes):
        before = "checked" in states(box) or "indeterminate" in states(box)
        # Every other box by GTK's name for a check box's press.
        act_by_name(box, "toggle") if i % 2 else press(box)
        until(f"pressing the check box {box.name!r} did not change it",
              lambda: (("checked" in states(box)) != before or "indeterminate" in states(box), sorted(states(box))))
    say(f"values: {len(boxes)} check boxes toggled by Action; set by Value: {', '.join(moved)}")
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    keys("key", "ctrl+7")
    forms = until("Ctrl+7 did not show the forms screen",
                  lambda: (app_window("goldberry: Forms") is not None, app_window("goldberry: Forms")))
    summary = find(forms, "status bar", "Not sent yet")
    press(find(forms, "push button", "Submit"))
    until("pressing Submit did not change the form's summary", lambda: (summary.name != "Not sent yet", summary.name))
    say(f"forms: Submit pressed by Action; the summary says {summary.name!r}")


def announcements(window):
    # The form's "N things to fix" is spoken once, politely, without moving the focus.
    heard = Heard("object:announcement")
    keys("search", "--name", "goldberry", "windowfocus", "--sync")
    before = [(n.getRoleName(), n.name) for n in focused(window)]
    press(find(window, "push button", "Submit"))
    until("pressing Submit did not change the summary",
          lambda: (any(n.getRoleName() == "status bar" and "to fix" in (n.name or "") for n in nodes(window)),
                   [n.name for n in nodes(window) if n.getRoleName() == "status bar"]))
    heard.pump(1.0)
    said = [(e.any_data, e.detail1) for e in heard.events]
    if not any("to fix" in str(text) for text, _ in said):
        fail(f"no announcement of the summary; heard {said}")
    polite = [d for text, d in said if "to fix" in str(text)]
    if polite != [1]:
        fail(f"the summary was announced {len(polite)} times with politeness {polite}, not once politely (1)")
    after = [(n.getRoleName(), n.name) for n in focused(window)]
    say(f"Submit: {said} announced once, politely; the focus {before} -> {after}")


def editing(window):
    """A text's editing actions by GTK's names, each carried out by the app as a person's keys or click: select-all,
    copy and paste from one field into another, cut and paste back, delete a selection, and the password's peek;
    what a text does not do (copy a password, a context menu where there is none) is not offered."""
    name = find(window, "entry", "Name")
    message = find(window, "entry", "Message")
    password = find(window, "password text", "Password")
    offered = {role: list(actions_of(node)) for role, node in (("name", name), ("password", password),
                                                               ("message", message))}
    want = ["clipboard.copy", "clipboard.cut", "clipboard.paste", "selection.select-all", "selection.delete"]
    if offered["name"] != want or offered["message"] != want:
        fail(f"Name offers {offered['name']} and Message {offered['message']}, not {want}")
    if offered["password"] != ["clipboard.paste", "selection.select-all", "selection.delete", "peek"]:
        fail(f"Password offers {offered['password']}: it copies and cuts nothing, and peeks")

    def selected(node):
        t = node.queryText()
        return [t.getSelection(i) for i in range(t.getNSelections())]

    name.queryEditableText().setTextContents("Ada Lovelace")
    until("setTextContents('Ada Lovelace')", lambda: (text_and_caret(name)[0] == "Ada Lovelace", text_and_caret(name)))
    act_by_name(name, "selection.select-all")
    until("selection.select-all on Name", lambda: (selected(name) == [(0, 12)], selected(name)))
    act_by_name(name, "clipboard.copy")
    message.queryEditableText().setTextContents("Re: ")
    until("setTextContents('Re: ') on Message", lambda: (text_and_caret(message) == ("Re: ", 4), text_and_caret(message)))
    act_by_name(message, "clipboard.paste")
    pasted = until("clipboard.paste into Message after Name's copy",
                   lambda: (text_and_caret(message) == ("Re: Ada Lovelace", 16), text_and_caret(message)))
    say(f"Name select-all + copy, Message paste: Message reads {pasted}")

    act_by_name(message, "selection.select-all")
    until("selection.select-all on Message", lambda: (selected(message) == [(0, 16)], selected(message)))
    act_by_name(message, "clipboard.cut")
    until("clipboard.cut on Message", lambda: (text_and_caret(message) == ("", 0), text_and_caret(message)))
    act_by_name(message, "clipboard.paste")
    back = until("clipboard.paste after the cut", lambda: (text_and_caret(message)[0] == "Re: Ada Lovelace",
                                                           text_and_caret(message)))
    say(f"Message select-all + cut emptied it, paste put back {back}")

    name.queryText().setSelection(0, 0, 4)
    until("setSelection(0, 0, 4) on Name", lambda: (selected(name) == [(0, 4)], selected(name)))
    act_by_name(name, "selection.delete")
    left = until("selection.delete on Name", lambda: (text_and_caret(name) == ("Lovelace", 0), text_and_caret(name)))
    act_by_name(name, "selection.delete")
    time.sleep(0.5)
    if text_and_caret(name) != left:
        fail(f"selection.delete with nothing selected changed Name to {text_and_caret(name)} from {left}")
    say(f"selection.delete took the selected 'Ada ' out of Name, which reads {left}; with nothing selected it "
        "leaves the text alone")

    # Hidden, the password reads as its dots; peeked, as its characters, where they are drawn (GTK 4's password
    # entry reads its characters too), and it stays a password text. AccessKit masks every password input
    # (accesskit_consumer's text_runs_need_masking), so a shown one goes to it as a text input marked a password.
    password.queryEditableText().setTextContents("secret12")
    until("setTextContents on Password", lambda: (text_of(password) == "\u2022" * 8, text_of(password)))
    dots = password.queryText()

    def places():
        return [box(dots.getCharacterExtents(i, pyatspi.DESKTOP_COORDS)) for i in range(8)]

    hidden = until("the password's dots have no extents", lambda: (places()[7][2] > 0, places()))
    act_by_name(password, "peek")
    shown = until("peek on Password did not show its characters",
                  lambda: (places()[7][0] + places()[7][2] < hidden[7][0] + hidden[7][2], places()))
    read = until("peek on Password: Text does not read its characters",
                 lambda: (text_of(password) == "secret12", text_of(password)))
    role = password.getRoleName()
    if role != "password text" or password.getRole() != pyatspi.ROLE_PASSWORD_TEXT:
        fail(f"the peeked password's role is {role!r}, not 'password text'")
    act_by_name(password, "peek")
    until("peek again on Password did not hide them", lambda: (places() == hidden, places()))
    until("peek again on Password: Text does not read dots", lambda: (text_of(password) == "\u2022" * 8, text_of(password)))
    say(f"peek shows the password: its last character's extents {hidden[7]} become {shown[7]} and it reads "
        f"{read!r}, a {role}; again, it hides them and reads dots")


def popup(window):
    """menu.popup on the text screen's editors opens their context menu, whose items appear in the tree."""
    for role, label in (("entry", "Single line"), ("entry", "Multi-line")):
        field = find(window, role, label)
        if "menu.popup" not in actions_of(field):
            fail(f"the {role} {label!r} offers {list(actions_of(field))}, not menu.popup")
        act_by_name(field, "menu.popup")
        items = until(f"menu.popup on {label} opened no menu with Cut, Copy, Paste and Select all",
                      lambda: (sorted(n.name for n in nodes(window) if n.getRoleName() == "menu item")
                               == ["Copy", "Cut", "Paste", "Select all"],
                               [(n.getRoleName(), n.name) for n in nodes(window) if n.getRoleName() == "menu item"]))
        keys("search", "--name", "goldberry", "windowfocus", "--sync")
        keys("key", "Escape")
        until(f"Escape did not shut {label}'s menu",
              lambda: ("Select all" not in [n.name for n in nodes(window) if n.getRoleName() == "menu item"],
                       [n.name for n in nodes(window) if n.getRoleName() == "menu item"]))
        say(f"menu.popup on {label} opened its menu: {[n for _, n in items]}")


def app_window(title):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and "goldberry" in (app.name or "").lower():
            for child in app:
                if child is not None and child.name == title:
                    return child
    return None


CASES = {"controls": ("goldberry: Controls", controls), "forms": ("goldberry: Forms", forms),
    "places": ("goldberry: Text", places),
    "menus": ("goldberry: Menus", menus),
    "chips": ("goldberry: Text", chips),
    "content": ("goldberry: Text", content),
    "list": ("goldberry: Scrolling", list_rows),
    "panels": ("goldberry: Panels", panels),
    "sweep": ("goldberry: Overview", sweep),
    "act": ("goldberry: Values", act),
    "announcements": ("goldberry: Forms", announcements),
    "characters": ("goldberry: Forms", characters),
    "rules": ("goldberry: Forms", rules),
    "opened": ("goldberry: Panels", opened),
    "levels": ("goldberry: Menus", levels),
    "editing": ("goldberry: Forms", editing),
    "popup": ("goldberry: Text", popup),
    "wrapped": ("goldberry: Forms", wrapped),
}

# A case may be named with a tail (sweep-2x: the sweep at another scale; the test script gives the flags).
case = sys.argv[1].split("-")[0] if len(sys.argv) == 2 else ""
if case not in CASES:
    fail(f"usage: ci/screen-reader.py CASE[-TAIL], CASE one of {', '.join(CASES)}")
title, walk = CASES[case]
app = app_named("goldberry", 20)
window = find(app, "frame", title)
say(f"{sys.argv[1]}: {app.name}: {len(nodes(app))} nodes, window {window.name!r}")
walk(window)
