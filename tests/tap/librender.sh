# librender.sh: headless Chromium renders a page or an SVG into a PNG,
# which must not be blank.  Source it after libtap.sh, with $tmp set to a
# directory of the test's own (Chromium's profile and the PNGs go there).
#
# renders DESC FILE [W,H]: a TAP result: FILE (an SVG or an HTML page)
# drawn in a window of W,H pixels (an SVG's own size when not given)
# holds at least 4 colours and some dark pixels (text, lines), but is not
# mostly dark; skipped with the reason where Chromium, python3 (to read
# the PNG) or timeout(1) is missing.  svg_size SVG: its "W,H".
# dom_of FILE: the DOM Chromium built of FILE (--dump-dom), on stdout;
# empty when it could not.  render_missing: why renders would skip, or
# nothing.

render_chromium=
for _b in chromium chromium-browser google-chrome; do
	if command -v "$_b" >/dev/null 2>&1; then
		render_chromium=$(command -v "$_b")
		break
	fi
done
render_py=
command -v python3 >/dev/null 2>&1 && render_py=python3

render_missing() {
	if [ -z "$render_chromium" ]; then
		echo 'no chromium to render it'
	elif [ -z "$render_py" ]; then
		echo 'no python3 to read the PNG'
	elif ! command -v timeout >/dev/null 2>&1; then
		echo 'no timeout(1) to bound chromium'
	fi
}

# The PNG's pixels: "W H colours dark-share" (8-bit RGB or RGBA, no
# interlace, as Chromium writes them), or an error.
_render_png_py() {
	cat <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
if data[:8] != b'\x89PNG\r\n\x1a\n':
    sys.exit('not a PNG')
pos, idat, w = 8, b'', 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype, _, _, lace = struct.unpack('>IIBBBBB', body)
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
if not w or depth != 8 or ctype not in (2, 6) or lace:
    sys.exit('unexpected PNG form')
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, colours, dark = bytearray(stride), set(), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3])
        colours.add(px)
        if sum(px) < 384:
            dark += 1
    prev = line
print(w, h, len(colours), '%.4f' % (dark / float(w * h)))
EOF
}

# _render_run ARGS...: Chromium, headless, with its profile under $tmp
# and its shared memory in files (a container's /dev/shm can be small); a
# busy machine is slow to start a browser: two minutes at most.
_render_run() {
	HOME=$tmp TMPDIR=$tmp timeout 120 "$render_chromium" --headless --no-sandbox \
		--disable-gpu --disable-dev-shm-usage --user-data-dir="$tmp/chromium" \
		--hide-scrollbars "$@" </dev/null
}

svg_size() {
	sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$1" | head -1
}

renders() {
	_why=$(render_missing)
	if [ -n "$_why" ]; then
		skip "$1: $_why"
		return
	fi
	[ -f "$tmp/png.py" ] || _render_png_py >"$tmp/png.py"
	_png=$tmp/$(basename "$(dirname "$2")")-$(basename "$2").png
	for _try in 1 2; do
		rm -f "$_png"
		_render_run --screenshot="$_png" --window-size="${3:-$(svg_size "$2")}" "file://$2" \
			>/dev/null 2>&1 || :
		[ -s "$_png" ] && break
	done
	if [ ! -s "$_png" ]; then
		_tap_report 1 "$1"
		diag "chromium wrote no $_png"
		return
	fi
	_seen=$(timeout 300 "$render_py" "$tmp/png.py" "$_png" 2>&1)
	# shellcheck disable=SC2086
	set -- "$1" $_seen
	if [ "$#" -eq 5 ] && [ "$4" -ge 4 ] && awk -v s="$5" 'BEGIN { exit !(s > 0.002 && s < 0.5) }'; then
		_tap_report 0 "$1 ($2x$3, $4 colours)"
	else
		_tap_report 1 "$1"
		diag "the PNG reads as: $_seen"
	fi
}

dom_of() {
	[ -n "$render_chromium" ] && command -v timeout >/dev/null 2>&1 || return 0
	for _try in 1 2; do
		_dom=$(_render_run --dump-dom "file://$1" 2>/dev/null)
		if [ -n "$_dom" ]; then
			printf '%s\n' "$_dom"
			return 0
		fi
	done
}
