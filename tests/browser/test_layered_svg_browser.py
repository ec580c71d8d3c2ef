"""``LayeredSvg`` (cs_panel/ui/layered_svg.py) in chromium: each changing layer is an ``<svg>`` of
its own laid exactly over the drawing, so the browser paints only that layer again (issue 14: in
one ``<svg>``, a hit on the record sheet repainted every box, most of its frame). The layers must
stay one picture: the same place and size as the drawing through a change of size, clicks falling
through their empty space to the drawing, only the drawing named for a screen reader."""

from __future__ import annotations

from playwright.sync_api import expect

TOP, OVER = "<g class='t-top'", "<g class='t-over'"


def _svg(width: int, step: int, shade: int = 0) -> str:
    # 100 x 60 units: a floor that names itself and a wall, a piece on the top layer, a label over it
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='t-drawing' role='img' aria-label='the test floor' width='{width}' height='{width * 3 // 5}' "
            "viewBox='0 0 100 60' font-family='sans-serif'><title>the test floor</title><desc>a piece on a floor</desc>"
            "<rect class='t-floor' data-pick='floor' x='0' y='0' width='100' height='60' fill='#eeeeee'/>"
            f"<rect class='t-wall' x='90' y='0' width='10' height='60' fill='#{shade:x}{shade:x}{shade:x}'/>"
            f"{TOP}><circle class='t-piece' data-pick='piece' cx='{20 + 10 * step}' cy='30' r='8' fill='#c53030'/></g>"
            f"{OVER}><text class='t-label' x='50' y='12' font-size='8' pointer-events='none'>label</text></g></svg>")


def layered_app():
    import panel as pn

    from cs_panel.ui.layered_svg import LayeredSvg
    from cs_panel.ui.serving import serve_quickly

    serve_quickly()
    drawing = LayeredSvg(css_classes=["t-box"], width=420, height=260)
    picked = pn.pane.HTML("<p>none</p>", css_classes=["t-picked"])
    drawing.on_pick(lambda text: setattr(picked, "object", f"<p>{text}</p>"))
    size = pn.widgets.IntInput(value=200, css_classes=["t-size"])
    step = pn.widgets.IntInput(value=0, css_classes=["t-step"])
    shade = pn.widgets.IntInput(value=0, css_classes=["t-shade"])

    def draw(*_):
        drawing.show(_svg(size.value, step.value, shade.value), top_from=TOP, over_from=OVER)
    draw()
    for box in (size, step, shade):
        box.param.watch(draw, "value")
    return pn.Column(size, step, shade, drawing, picked)


BOXES = """() => {
  const find = (root) => { for (const el of root.querySelectorAll('*')) { if (el.classList.contains('cs-layered-svg')) return el;
    if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f } } return null }
  const box = find(document)
  return Array.from(box.children).map(svg => { const r = svg.getBoundingClientRect();
    return {cls: svg.getAttribute('class'), role: svg.getAttribute('role'), hidden: svg.getAttribute('aria-hidden'),
            label: svg.getAttribute('aria-label'), x: r.x, y: r.y, w: r.width, h: r.height, tag: svg.tagName.toLowerCase()} })
}"""


def _same_place(layers):
    base, *over = layers
    for layer in over:
        for k in ("x", "y", "w", "h"):
            assert abs(layer[k] - base[k]) < 0.5, (k, layer, base)


def _enter(page, sel, value):
    box = page.locator(f"{sel} input")
    box.fill(str(value))
    box.press("Enter")


def test_the_layers_lie_exactly_over_the_drawing_which_alone_is_named(serve, page):
    page.goto(serve(layered_app))
    expect(page.locator(".t-box .t-piece")).to_have_count(1)
    layers = page.evaluate(BOXES)
    assert [x["tag"] for x in layers] == ["svg"] * 3
    assert layers[0]["cls"] == "t-drawing" and layers[0]["role"] == "img" and layers[0]["label"] == "the test floor"
    assert [x["cls"] for x in layers[1:]] == ["cs-layer cs-layer-top", "cs-layer cs-layer-over"]
    assert all(x["hidden"] == "true" and x["role"] is None and x["label"] is None for x in layers[1:])
    assert layers[0]["w"] == 200 and layers[0]["h"] == 120
    _same_place(layers)
    # a new size (the drawing's head) takes its layers with it
    _enter(page, ".t-size", 300)
    expect(page.locator(".t-box svg.t-drawing")).to_have_attribute("width", "300")
    layers = page.evaluate(BOXES)
    assert layers[0]["w"] == 300 and layers[0]["h"] == 180
    _same_place(layers)


def test_clicks_reach_the_part_under_them_through_the_layers(serve, page):
    page.goto(serve(layered_app))
    expect(page.locator(".t-box .t-piece")).to_have_count(1)
    base = page.evaluate(BOXES)[0]

    def at(ux, uy):  # a point of the drawing (its 100 x 60 units) on the page
        return base["x"] + ux * base["w"] / 100, base["y"] + uy * base["h"] / 60
    picked = page.locator(".t-picked")
    page.mouse.click(*at(20, 30))  # the piece, on the top layer
    expect(picked).to_have_text("piece")
    page.mouse.click(*at(80, 50))  # the top and over layers' empty space: the floor under them
    expect(picked).to_have_text("floor")
    page.mouse.click(*at(20, 30))
    expect(picked).to_have_text("piece")
    page.mouse.click(*at(50, 10))  # the label lets clicks through (pointer-events none): the floor
    expect(picked).to_have_text("floor")


def test_a_change_of_the_top_layer_keeps_the_drawing_and_the_layers_elements(serve, page):
    page.goto(serve(layered_app))
    piece = page.locator(".t-box .t-piece")
    expect(piece).to_have_attribute("cx", "20")
    page.locator(".t-box .t-floor").evaluate("el => { el.dataset.kept = 'yes' }")
    page.locator(".t-box svg.cs-layer-top").evaluate("el => { el.dataset.kept = 'yes' }")
    page.locator(".t-box .t-label").evaluate("el => { el.dataset.kept = 'yes' }")
    _enter(page, ".t-step", 3)
    expect(piece).to_have_attribute("cx", "50")
    assert page.locator(".t-box .t-floor").get_attribute("data-kept") == "yes"
    assert page.locator(".t-box svg.cs-layer-top").get_attribute("data-kept") == "yes"
    assert page.locator(".t-box .t-label").get_attribute("data-kept") == "yes"
    _same_place(page.evaluate(BOXES))


def test_a_change_of_the_base_touches_only_what_differs_in_it(serve, page):
    page.goto(serve(layered_app))
    wall = page.locator(".t-box .t-wall")
    expect(wall).to_have_attribute("fill", "#000")
    # a mark on the element objects themselves (morph would take an attribute away: the markup has none)
    for sel in (".t-floor", ".t-wall", ".t-piece"):
        page.locator(f".t-box {sel}").evaluate("el => { el.__kept = true }")
    _enter(page, ".t-shade", 12)
    expect(wall).to_have_attribute("fill", "#ccc")
    for sel in (".t-floor", ".t-wall", ".t-piece"):  # laid over the old: the same elements, the wall's fill new
        assert page.locator(f".t-box {sel}").evaluate("el => el.__kept === true"), sel
    assert page.locator(".t-box svg.t-drawing").get_attribute("aria-label") == "the test floor"
    _same_place(page.evaluate(BOXES))
