# ci/atspi_walk.py: the walk of an AT-SPI tree that ci/screen-reader.py and ci/screen-reader-compare.py share: every
# node under a root, depth first, skipping children that went away while walked.


def nodes(root):
    """`root` and every node under it."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(child for child in node if child is not None)
    return out
