"""``LongSelect``: a drop-down list for a long list of choices that changes with every action.

The play tables offer the legal actions of the player to act (150 plots for a FASA plane, a
Bar-rooms fighter's every move and shot), a new list after each Apply or Undo. Bokeh's Select
draws itself again whenever its options change and then lays the whole page out again, drawings
included; on the play table that was about 5 ms of each click, a third more than a trivial app's
whole answer to a button (issue 14: ``benchmarks/latency.py``). Here the options travel as one
text, a line each, and the browser rewrites only the ``<option>`` elements that differ, in a box
of fixed width: the page is not laid out again. Even so, a list of 84 moves cost the browser
2.5 ms a change, however few of its options differed; a closed list shows only its chosen line,
so the change brings that one and the others are written when the page is next idle, or at once
when the player focuses, presses or types into the list first. On the server, one text is also
cheaper to send than a list (bokeh looks through every item of a list for models it might hold).

In Python it is used like ``pn.widgets.Select`` with a list of strings: ``options``, ``value``,
``label``, ``disabled``, and ``param.update(options=..., value=...)`` for both at once. No rules
here: the tables fill it with what the game offers.
"""

from __future__ import annotations

import param
from panel.custom import JSComponent

from cs_panel.core.errors import CsPanelError
from cs_panel.ui.common import editing


def one_line(text: str, sep: str = "") -> bool:
    """Whether ``text`` holds no line end (nor ``sep``, the browser's other separator, if given):
    what an option must be to travel in ``lines``."""
    return "\n" not in text and "\r" not in text and (not sep or sep not in text)


class _OneLineItems(param.List):
    """A list of strings, each one line (the browser gets them as one text, a line each)."""

    def _validate(self, val):
        super()._validate(val)
        bad = next((o for o in val or () if not one_line(o)), None)
        if bad is not None:
            raise CsPanelError(f"an option of a list is one line of text, not {bad[:40]!r}", field=self.name)


class OptionsAsLines:
    """For a ``JSComponent`` with ``options`` (not sent: ``_rename = {"options": None}``) and a
    constant ``lines`` parameter: the options go to the browser as one text, ``lines``
    (``_lines_for`` makes it), in the same update as any other change, and ``lines`` is kept equal
    to it without an update of its own. Shared by ``LongSelect`` and ``ChipChoice``."""

    def __init__(self, **params):
        params.setdefault("margin", (5, 10))
        super().__init__(**params)
        self._keep_lines(self.options)

    def _lines_for(self, options) -> str:
        """The one text the browser gets for ``options``: each class that uses this says how."""
        raise NotImplementedError(f"{type(self).__name__} must say how its options become lines")

    def _keep_lines(self, options) -> str:
        lines = self._lines_for(options)
        with param.parameterized.discard_events(self), editing(self, "lines"):
            self.lines = lines
        return lines

    def _process_param_change(self, params):
        if "options" in params:
            params = {**params, "lines": self._keep_lines(params["options"])}
        return super()._process_param_change(params)


class LongSelect(OptionsAsLines, JSComponent):
    """A drop-down list whose options the browser updates in place: see the module's docstring."""

    options = _OneLineItems(default=[], item_type=str,
                            doc="The choices, as shown and as taken (one line of text each).")
    value = param.String(default=None, allow_None=True,
                         doc="The chosen option (None when there is none). A value the browser sends "
                             "that is not among the options is ignored.")
    label = param.String(default="", doc="The words over the list, its accessible name too.")
    disabled = param.Boolean(default=False, doc="Shown greyed out and closed to the player.")
    lines = param.String(default="", constant=True,
                         doc="The options one per line: what the browser gets (set from ``options``).")

    _rename = {"options": None}  # the browser gets them as ``lines``

    _esm = """
export function render({ model }) {
  const box = document.createElement('div')
  box.className = 'cs-long-select'
  const label = document.createElement('label')
  const select = document.createElement('select')
  select.id = 'cs-long-select-' + Math.random().toString(36).slice(2)
  label.htmlFor = select.id
  // every option, rewriting only those that differ
  const fillAll = () => {
    waiting = false
    const lines = model.lines ? model.lines.split('\\n') : []
    const options = select.options
    for (let i = 0; i < lines.length; i++) {
      if (i < options.length) {
        if (options[i].value !== lines[i]) { options[i].value = lines[i]; options[i].textContent = lines[i] }
      } else {
        const option = document.createElement('option')
        option.value = option.textContent = lines[i]
        select.appendChild(option)
      }
    }
    while (options.length > lines.length) select.remove(options.length - 1)
    select.value = model.value === null ? '' : model.value
  }
  // a closed list shows only its chosen line: that one goes in with the change, the others once the
  // page is idle (a list of 84 moves cost the browser 2.5 ms however few of them differed), and at
  // once if the player reaches the list first
  let waiting = false, later = null
  const idle = window.requestIdleCallback ? (f => requestIdleCallback(f, {timeout: 100})) : (f => setTimeout(f, 0))
  const forget = window.cancelIdleCallback ? (h => cancelIdleCallback(h)) : (h => clearTimeout(h))
  const fill = () => {
    if (!model.lines || model.value === null || select.matches(':focus')) { fillAll(); return }
    const option = document.createElement('option')
    option.value = option.textContent = model.value
    select.replaceChildren(option)
    select.value = model.value
    waiting = true
    if (later !== null) forget(later)
    later = idle(() => { later = null; if (waiting) fillAll() })
  }
  const reach = () => { if (waiting) fillAll() }
  for (const event of ['focus', 'pointerdown', 'keydown']) select.addEventListener(event, reach)
  const show = () => {
    label.textContent = model.label
    label.hidden = !model.label
    select.disabled = model.disabled
  }
  show()
  fill()
  select.addEventListener('change', () => { model.value = select.value })
  model.on('lines', fill)
  model.on('value', () => {
    if (waiting) fill()  // the one line shown is the chosen one
    else if (select.value !== model.value) select.value = model.value === null ? '' : model.value
  })
  model.on(['label', 'disabled'], show)
  box.append(label, select)
  return box
}
"""

    # bokeh's inputs' look (the select sits in its own shadow root, where bokeh's styles do not reach)
    _stylesheets = ["""
.cs-long-select { display: flex; flex-direction: column; gap: 4px; width: 100%; }
.cs-long-select label { font-size: var(--bokeh-base-font-size, 13px); }
.cs-long-select select {
  width: 100%; height: 31px; padding: 0 8px; box-sizing: border-box; font: inherit;
  color: inherit; background-color: #fff; border: 1px solid #ccc; border-radius: 4px;
}
.cs-long-select select:focus { border-color: #66afe9; outline: 0;
  box-shadow: inset 0 1px 1px rgba(0, 0, 0, 0.075), 0 0 8px rgba(102, 175, 233, 0.6); }
.cs-long-select select:disabled { cursor: not-allowed; background-color: #eee; }
"""]

    def _lines_for(self, options) -> str:
        return "\n".join(options)

    def _process_property_change(self, msg):
        """What the browser sends: a value outside the options (no list offers it) is dropped."""
        msg = super()._process_property_change(msg)
        if "value" in msg and msg["value"] not in self.options:
            msg = {k: v for k, v in msg.items() if k != "value"}
        return msg


__all__ = ["LongSelect", "OptionsAsLines", "one_line"]
