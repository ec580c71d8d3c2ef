"""``ChipChoice``: several choices among a short list that changes often, one toggle button each.

The Aces map offers "or several targets": the enemies the active character may shoot from where
it stands, a new list whenever another character is chosen or moves. Panel's MultiChoice (the
choices.js list) built itself again on every new list and bokeh then laid out the whole page:
about 5.7 ms of the page's handling of each change of the active character, against 0.7 ms for a
trivial app's whole answer (issue 14: ``benchmarks/latency.py``). Here the list travels as one
text, a line each, and the browser makes one toggle button (``aria-pressed``) a choice inside its
own box; the page is laid out again only if the box's height changes.

In Python it is used like ``pn.widgets.MultiChoice``: ``options`` (a list, or a dict of label to
value, as Panel's), ``value`` (the chosen values, in the order chosen), ``label`` and ``disabled``.
No rules here: the component that holds it says what may be chosen.
"""

from __future__ import annotations

import param
from panel.custom import JSComponent

from cs_panel.core.errors import CsPanelError
from cs_panel.ui.long_select import OptionsAsLines, one_line


class _Choices(param.Parameter):
    """A list of strings, or a dict of label to value (strings), each one line without tabs (the
    browser gets them as one text: a line each, label and value split by a tab)."""

    def _validate(self, val):
        super()._validate(val)
        if not isinstance(val, (list, dict)):
            raise CsPanelError(f"the choices are a list or a dict, not {type(val).__name__}", field=self.name)
        pairs = val.items() if isinstance(val, dict) else ((v, v) for v in val)
        for label, value in pairs:
            if not (isinstance(label, str) and isinstance(value, str) and one_line(label, "\t") and one_line(value, "\t")):
                raise CsPanelError(f"a choice is one line of text, not {label!r}: {value!r}"[:120], field=self.name)


class ChipChoice(OptionsAsLines, JSComponent):
    """Toggle buttons for several choices among a changing list: see the module's docstring."""

    options = _Choices(default=[], doc="The choices: a list, or a dict of the label shown to the value taken.")
    value = param.List(default=[], item_type=str, doc="The values chosen, in the order they were chosen. A "
                                                       "value the browser sends that is not offered is dropped.")
    label = param.String(default="", doc="The words over the buttons, the group's accessible name too.")
    description = param.String(default="", doc="A longer word on what the choices do (the group's tooltip).")
    disabled = param.Boolean(default=False, doc="Shown greyed out and closed to the player.")
    empty = param.String(default="", doc="What the box says while there is nothing to choose (in place of the "
                                         "buttons, so the row is not left blank).")
    lines = param.String(default="", constant=True,
                         doc="The choices one per line, label and value split by a tab: what the browser gets.")

    _rename = {"options": None}  # the browser gets them as ``lines``

    _esm = """
export function render({ model }) {
  const box = document.createElement('div')
  box.className = 'cs-chips'
  const label = document.createElement('div')
  label.className = 'cs-chips-label'
  label.id = 'cs-chips-' + Math.random().toString(36).slice(2)
  const row = document.createElement('div')
  row.className = 'cs-chips-row'
  row.setAttribute('role', 'group')
  row.setAttribute('aria-labelledby', label.id)
  const draw = () => {
    const chosen = new Set(model.value)
    const items = model.lines ? model.lines.split('\\n').map(line => line.split('\\t')) : []
    row.replaceChildren(...items.map(([text, value]) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = text
      button.dataset.value = value
      button.disabled = model.disabled
      button.setAttribute('aria-pressed', chosen.has(value) ? 'true' : 'false')
      button.addEventListener('click', () => {
        const now = model.value.filter(v => v !== value)
        model.value = now.length === model.value.length ? [...model.value, value] : now
      })
      return button
    }))
    if (!items.length && model.empty) {
      const none = document.createElement('span')
      none.className = 'cs-chips-empty'
      none.textContent = model.empty
      row.append(none)
    }
  }
  const show = () => { label.textContent = model.label; label.hidden = !model.label; row.title = model.description }
  show()
  draw()
  model.on(['lines', 'value', 'disabled', 'empty'], draw)
  model.on(['label', 'description'], show)
  box.append(label, row)
  return box
}
"""

    _stylesheets = ["""
.cs-chips { display: flex; flex-direction: column; gap: 4px; width: 100%; }
.cs-chips-label { font-size: var(--bokeh-base-font-size, 13px); }
.cs-chips-row { display: flex; flex-wrap: wrap; gap: 4px; min-height: 31px; }
.cs-chips-row button {
  font: inherit; padding: 4px 10px; border: 1px solid #ccc; border-radius: 14px; background: #fff;
  color: inherit; cursor: pointer;
}
.cs-chips-row button[aria-pressed='true'] { background: #0072b5; border-color: #0072b5; color: #fff; }
.cs-chips-row button:focus-visible { outline: 2px solid #66afe9; outline-offset: 1px; }
.cs-chips-row button:disabled { cursor: not-allowed; opacity: 0.6; }
.cs-chips-empty { align-self: center; color: #666; font-style: italic; }
"""]

    @property
    def values(self) -> list[str]:
        """The values offered, in order."""
        return list(self.options.values()) if isinstance(self.options, dict) else list(self.options)

    def _lines_for(self, options) -> str:
        pairs = options.items() if isinstance(options, dict) else ((v, v) for v in options)
        return "\n".join(f"{label}\t{value}" for label, value in pairs)

    def _process_property_change(self, msg):
        """What the browser sends: values that are not offered are dropped."""
        msg = super()._process_property_change(msg)
        if "value" in msg:
            offered = set(self.values)
            msg = {**msg, "value": [v for v in (msg["value"] or []) if isinstance(v, str) and v in offered]}
        return msg


__all__ = ["ChipChoice"]
