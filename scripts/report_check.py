#!/usr/bin/env python3
"""The checks of `make report-check` (scripts/report-check.sh runs it), standard library only.

  report_check.py png SCREENSHOT.png          the screenshot is a real render: a PNG of the
                                              window's size, not blank (many pixels that are
                                              not the background, more than a few colours)
  report_check.py dom DOM.html REPORT.json    the page as the browser built it holds, as
                                              text, every promotion id and the sums of the
                                              JSON report, each promotion's name exactly as
                                              written (a name with HTML in it shows as that
                                              text), and no element from a name: no script
                                              at all, no link or image to fetch
"""

import html.parser
import json
import struct
import sys
import zlib


def fail(message):
    print("report-check: " + message, file=sys.stderr)
    sys.exit(1)


def pixels(path):
    """The width, height and rows of RGB(A) pixels of an 8-bit PNG (no interlace)."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail("unexpected PNG format: depth %d, colour type %d, interlace %d" % (depth, colour, interlace))
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                a, b, c = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[x] = (line[x] + (left if a <= b and a <= c else up if b <= c else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def check_png(path):
    width, height, channels, rows = pixels(path)
    if (width, height) != (1280, 800):
        fail("the screenshot is %dx%d, not 1280x800" % (width, height))
    counts = {}
    for row in rows:
        for x in range(0, len(row), channels):
            colour = row[x:x + 3]
            counts[colour] = counts.get(colour, 0) + 1
    background, most = max(counts.items(), key=lambda item: item[1])
    drawn = width * height - most
    print("screenshot %dx%d: %d colours, %.1f%% of the pixels not the background #%s"
          % (width, height, len(counts), 100.0 * drawn / (width * height), background.hex()))
    if len(counts) < 16 or drawn < width * height // 50:
        fail("the screenshot looks blank")


class PageText(html.parser.HTMLParser):
    """The text of a page and the elements it holds."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.tags, self.inside = [], [], []

    def handle_starttag(self, tag, attributes):
        self.tags.append((tag, dict(attributes)))
        self.inside.append(tag)

    def handle_endtag(self, tag):
        while self.inside and self.inside.pop() != tag:
            pass

    def handle_data(self, data):
        if "style" not in self.inside:
            self.parts.append(data)


def check_dom(dom_path, report_path):
    with open(dom_path, encoding="utf-8") as file:
        page = PageText()
        page.feed(file.read())
    with open(report_path, encoding="utf-8") as file:
        report = json.load(file)
    text = " ".join(page.parts)
    wanted = [str(report["orders"]), report["subtotal"], report["discount"], report["shipping"], report["total"]]
    for promotion in report["promotions"]:
        wanted += [promotion["id"], promotion["discount"], promotion["share"] + "%", promotion["average"]]
        if "name" in promotion:
            wanted.append(promotion["name"])
    missing = [item for item in wanted if item not in text]
    if missing:
        fail("the page's text lacks %s" % ", ".join(repr(item) for item in missing))
    tags = {tag for tag, _ in page.tags}
    for forbidden in ("script", "link", "img", "iframe", "object", "embed"):
        if forbidden in tags:
            fail("the page has a <%s> element" % forbidden)
    fetched = [a for _, attributes in page.tags for name, a in attributes.items()
               if name in ("src", "href") and a]
    if fetched:
        fail("the page refers to other resources: %s" % ", ".join(fetched))
    hostile = [p["name"] for p in report["promotions"] if "<" in p.get("name", "")]
    print("page text: %d promotion ids, the sums and %d names found (%d with HTML in them, shown as text); "
          "no script, no resource from elsewhere" % (len(report["promotions"]),
                                                    sum("name" in p for p in report["promotions"]), len(hostile)))
    if not hostile:
        fail("the fixture has no promotion named with HTML in it: the escaping is not tested")


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "png":
        check_png(arguments[1])
    elif len(arguments) == 3 and arguments[0] == "dom":
        check_dom(arguments[1], arguments[2])
    else:
        sys.stderr.write(__doc__)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
