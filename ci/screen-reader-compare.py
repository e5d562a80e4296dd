# ci/screen-reader-compare.py walk APP OUT | table GTK GOLDBERRY: walks an application's AT-SPI tree (every screen of
# goldberry, through its screens' tab list) and writes, per role, the interfaces, states and actions its nodes
# expose; or prints GTK's and goldberry's side by side as the book's table. Run by ci/screen-reader-compare.
import json
import sys
import time

import pyatspi

from atspi_walk import nodes

# The roles compared, by what a person knows them as: AT-SPI's role names in GTK 4 and in goldberry.
ROLES = [
    ("button", ["push button"], ["push button"]),
    ("check box", ["check box"], ["check box"]),
    ("radio button", ["radio button"], ["radio button"]),
    ("switch", ["switch", "toggle button"], ["toggle button"]),
    ("slider", ["slider"], ["slider"]),
    ("spin button", ["spin button"], ["spin button"]),
    ("combo box", ["combo box"], ["combo box"]),
    ("menu bar", ["menu bar"], ["menu bar"]),
    ("menu item", ["menu item"], ["menu item"]),
    ("page tab list", ["page tab list"], ["page tab list"]),
    ("page tab", ["page tab"], ["page tab"]),
    ("tree", ["tree", "tree table"], ["tree"]),
    ("tree item", ["tree item"], ["tree item"]),
    ("list", ["list", "list box"], ["list"]),
    ("list item", ["list item"], ["list item"]),
    ("text entry", ["entry"], ["entry"]),
    ("password entry", ["password text"], ["password text"]),
    ("text area", ["text"], ["entry multi-line"]),
    ("progress bar", ["progress bar"], ["progress bar"]),
    ("label", ["label"], ["label"]),
]
# States that say where the walk happened to find a node, not what its role exposes.
PASSING = {"focused", "active", "selected", "checked", "pressed", "expanded", "collapsed", "armed", "showing",
           "visible"}
SCREENS = ["Overview", "Text", "Layout", "Controls", "Scrolling", "Values", "Forms", "Panels", "Menus"]


def fail(message):
    print(f"ci/screen-reader-compare: {message}", file=sys.stderr)
    sys.exit(1)


def application(name, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and name in (app.name or "").lower():
                return app
        time.sleep(0.3)
    fail(f"no application {name} on the AT-SPI bus within {seconds} s")


def role_of(node):
    role = node.getRoleName()
    states = {pyatspi.stateToString(s) for s in node.getState().getStates()}
    return f"{role} multi-line" if role == "entry" and "multi line" in states else role


def collect(root, into):
    for node in nodes(root):
        try:
            role = role_of(node)
            entry = into.setdefault(role, {"interfaces": set(), "states": set(), "actions": set(), "count": 0})
            entry["count"] += 1
            entry["interfaces"].update(node.get_interfaces())
            entry["states"].update(pyatspi.stateToString(s) for s in node.getState().getStates())
            try:
                action = node.queryAction()
                entry["actions"].update(action.getName(i) for i in range(action.nActions))
            except NotImplementedError:
                pass
        except Exception:  # noqa: BLE001 — a node that went away while walked is skipped.
            continue


def walk(name, out):
    app = application(name)
    time.sleep(3)
    found = {}
    if name == "goldberry":
        for title in SCREENS:
            strip = next(n for n in nodes(app) if n.getRoleName() == "page tab list" and n.name == "Screens")
            tab = next((c for c in strip if c is not None and c.name == title), None)
            if tab is None:
                fail(f"no tab {title}")
            tab.queryAction().doAction(0)
            end = time.time() + 10
            while time.time() < end and not any(w.name == f"goldberry: {title}" for w in app if w is not None):
                time.sleep(0.2)
            time.sleep(0.5)
            collect(app, found)
    else:
        # The widget factory's three pages, each shown through its own page tab.
        collect(app, found)
        for tab in [n for n in nodes(app) if n.getRoleName() == "page tab" and (n.name or "").startswith("Page")]:
            try:
                tab.queryAction().doAction(0)
            except (NotImplementedError, Exception):  # noqa: BLE001
                continue
            time.sleep(1.0)
            collect(app, found)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({role: {k: sorted(v) if isinstance(v, set) else v for k, v in e.items()} for role, e in found.items()},
                  f, indent=1)


def table(gtk_path, ours_path):
    with open(gtk_path, encoding="utf-8") as f:
        gtk = json.load(f)
    with open(ours_path, encoding="utf-8") as f:
        ours = json.load(f)

    def union(data, roles, key):
        out = set()
        for role in roles:
            out.update(data.get(role, {}).get(key, []))
        return out

    print("| role | interfaces: GTK 4 / goldberry | states: GTK 4 / goldberry | actions: GTK 4 / goldberry |")
    print("|---|---|---|---|")
    missing = []
    for label, gtk_roles, our_roles in ROLES:
        if not any(r in gtk for r in gtk_roles) and not any(r in ours for r in our_roles):
            continue
        cells = []
        for key in ("interfaces", "states", "actions"):
            g, o = union(gtk, gtk_roles, key), union(ours, our_roles, key)
            if key == "states":
                g, o = g - PASSING, o - PASSING
            only = sorted(g - o)
            missing.extend(f"{label}: {key[:-1]} {x}" for x in only)
            shown = ", ".join(sorted(g & o)) or "—"
            if only:
                shown += "; GTK only: " + ", ".join(only)
            extra = sorted(o - g)
            if extra:
                shown += "; goldberry only: " + ", ".join(extra)
            cells.append(shown)
        if not any(r in gtk for r in gtk_roles):
            cells[0] = "(not in the widget factory) " + cells[0]
        print(f"| {label} | " + " | ".join(cells) + " |")
    print()
    print(f"GTK-only entries: {len(missing)}")
    for entry in missing:
        print(f"- {entry}")


if len(sys.argv) == 4 and sys.argv[1] == "walk":
    walk(sys.argv[2], sys.argv[3])
elif len(sys.argv) == 4 and sys.argv[1] == "table":
    table(sys.argv[2], sys.argv[3])
else:
    fail("usage: ci/screen-reader-compare.py walk APP OUT | table GTK GOLDBERRY")
