# ci/atspi_listen.py: a screen reader's ear for the access bench's adapter rows (ci/bench-screen-reader): listens to
# every application's text-changed and caret-moved events through AT-SPI (Debian's pyatspi) and answers each as a
# screen reader does, by reading the caret of the text it came from; prints "listening" once registered, then runs
# until it is killed.
import sys

import pyatspi


def heard(event):
    try:
        event.source.queryText().caretOffset
    except Exception:  # noqa: BLE001 — a text that went away while it was read is not read.
        pass


pyatspi.Registry.registerEventListener(heard, "object:text-changed", "object:text-caret-moved")
print("listening", flush=True)
sys.stdout.close()
pyatspi.Registry.start()
