"""The project's promises about itself: the README's commands, CI, Binder, lessons, notices."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[1]


def test_readme_gives_exactly_two_commands_and_the_notice():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Two commands.*?```bash\n(.*?)```", text, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["bash bin/rulebook", "bash bin/test"]
    assert "not affiliated with or endorsed by" in text
    assert "mybinder.org" in text


def _collected(*args: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", "-n", "0",
                          "--nbval-lax", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return [line for line in out.stdout.splitlines() if "::" in line]


def test_every_lesson_runs_once_in_a_run_in_jupyterlab_or_else_under_nbval():
    """The full run runs each lesson in JupyterLab (which fails on errors and stderr, as nbval on
    errors) and not again under nbval; a lesson whose JupyterLab test the run leaves out runs under
    nbval (conftest.pytest_collection_modifyitems)."""
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("*.ipynb"))
    both = _collected("lessons", "tests/browser/test_jupyterlab.py", "-k", "not (jupyterlab and 07_)")
    in_lab = [line for line in both if line.startswith("tests/browser/test_jupyterlab.py")]
    assert len(in_lab) == len(lessons) - 1  # every lesson but 07, whose JupyterLab test -k left out
    assert {line.split("::")[0] for line in both if line.startswith("lessons/")} == {
        "lessons/07_the_map_setting_up_and_winning.ipynb"}  # 07 runs under nbval instead
    assert len([line for line in both if line.startswith("lessons/07_")]) > 5  # every cell of it


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "bash bin/test" in ci
    assert os.access(ROOT / "bin" / "test", os.X_OK) and os.access(ROOT / "bin" / "rulebook", os.X_OK)


def test_the_slow_iri_checker_is_left_out_and_notebooks_still_validate():
    """bin/test and bin/rulebook uninstall rfc3987-syntax (bin/_venv.sh, drop_slow_checker): its
    import cost 1.3 s in every process that imports nbformat or starts JupyterLab. jsonschema then
    leaves only the "iri" formats unchecked; nbformat still validates every lesson."""
    import importlib.util

    import nbformat

    for script in ("test", "rulebook"):
        assert 'drop_slow_checker "$VENV"' in (ROOT / "bin" / script).read_text(), script
    if Path(sys.prefix).resolve() == (ROOT / ".venv").resolve():  # the venv bin/test made
        assert importlib.util.find_spec("rfc3987_syntax") is None
    for lesson in sorted((ROOT / "lessons").glob("*.ipynb")):
        nbformat.validate(nbformat.read(lesson, as_version=4))
    # a bad notebook is still refused by its schema
    bad = nbformat.v4.new_notebook()
    bad.cells.append(nbformat.v4.new_code_cell("1"))
    bad.cells[0]["execution_count"] = "one"
    with pytest.raises(nbformat.ValidationError):
        nbformat.validate(bad)


def _venv_sh(script: str, tmp_path: Path, **env) -> subprocess.CompletedProcess:
    """Run ``script`` in bash after sourcing bin/_venv.sh, in ``tmp_path``."""
    return subprocess.run(["bash", "-c", f". {ROOT / 'bin' / '_venv.sh'}\n{script}"], cwd=tmp_path, text=True,
                          capture_output=True, timeout=60, env={**os.environ, **env})


def test_both_commands_keep_the_bytecode_python_compiles(tmp_path):
    """keep_bytecode (bin/_venv.sh): with PYTHONDONTWRITEBYTECODE set, as on the project's machine,
    every JupyterLab start and lesson kernel compiled panel and bokeh again (bin/rulebook: a second
    start 11 s, then 4.6 to 5.7 s with it). A relative venv path is made absolute, so processes
    started elsewhere (a kernel in lessons/) find the same folder."""
    out = _venv_sh('keep_bytecode .venv; echo "${PYTHONDONTWRITEBYTECODE-unset} $PYTHONPYCACHEPREFIX"', tmp_path,
                   PYTHONDONTWRITEBYTECODE="1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["unset", f"{tmp_path}/.venv/pycache"]
    out = _venv_sh('keep_bytecode /v; echo "$PYTHONPYCACHEPREFIX"', tmp_path)
    assert out.stdout.strip() == "/v/pycache"
    for script in ("test", "rulebook"):
        text = (ROOT / "bin" / script).read_text()
        assert text.index('keep_bytecode "$VENV"') < text.index("exec "), script


def test_root_prefix_says_how_to_install_as_root_and_asks_no_password_when_quiet(tmp_path):
    """root_prefix (bin/_venv.sh), which bin/test's chromium installs and make_venv use: nothing as
    root; "sudo" for another user where sudo is installed, and with --quiet only where sudo asks
    no password; a failure where there is no sudo. (Stand-ins for ``id`` and ``sudo`` on PATH.)"""
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "id").write_text('#!/bin/bash\necho "$UID_IS"\n')
    (tools / "sudo").write_text('#!/bin/bash\n[ "$1" = -n ] && exit "$SUDO_ASKS"\nexit 0\n')
    for tool in tools.iterdir():
        tool.chmod(0o755)
    (tools / "bash").symlink_to(shutil.which("bash"))  # the stand-ins' folder is all of PATH
    run = 'p=$(root_prefix {}) && echo "ok [$p]" || echo refused'
    path = str(tools)
    for uid, asks, plain, quiet in (("0", "1", "ok []", "ok []"), ("1000", "0", "ok [sudo]", "ok [sudo]"),
                                    ("1000", "1", "ok [sudo]", "refused")):
        env = {"PATH": path, "UID_IS": uid, "SUDO_ASKS": asks}
        assert _venv_sh(run.format(""), tmp_path, **env).stdout.strip() == plain, (uid, asks)
        assert _venv_sh(run.format("--quiet"), tmp_path, **env).stdout.strip() == quiet, (uid, asks)
    (tools / "sudo").unlink()  # no sudo: refused
    assert _venv_sh(run.format(""), tmp_path, PATH=path, UID_IS="1000").stdout.strip() == "refused"


def test_install_package_uses_uv_then_falls_back_to_pip_then_shows_the_log(tmp_path):
    """install_package (bin/_venv.sh), with a stand-in venv python that logs its arguments and fails
    on the words it is told to: uv when it can be had, pip when uv cannot be installed or fails,
    and on pip's failure the log on stderr and a non-zero status."""
    venv = tmp_path / "v"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text('#!/bin/bash\necho "python $*"\nfor w in $FAIL; do [[ " $* " == *" $w "* ]] && exit 1; done\nexit 0\n')
    python.chmod(0o755)
    log = tmp_path / "log"
    out = _venv_sh(f"install_package {venv} rulebook {log}", tmp_path, FAIL="")
    assert out.returncode == 0 and out.stdout.strip() == "uv", out
    assert f"-m uv pip install -q -p {python} -e .[rulebook]" in log.read_text()
    for fail in ("uv", "-p"):  # uv not to be had; uv had but its install failing
        out = _venv_sh(f"install_package {venv} test {log}", tmp_path, FAIL=fail)
        assert out.returncode == 0 and out.stdout.strip() == "pip", (fail, out)
        assert "-m pip install -q --no-compile -e .[test]" in log.read_text()
    out = _venv_sh(f"install_package {venv} test {log} || echo failed", tmp_path, FAIL="-e")
    assert out.stdout.strip() == "failed" and "python -m pip install -q uv" in out.stderr, out


def test_lessons_are_committed_without_outputs():
    for nb in sorted((ROOT / "lessons").glob("*.ipynb")):
        doc = json.loads(nb.read_text())
        for i, cell in enumerate(doc["cells"]):
            if cell["cell_type"] == "code":
                assert cell.get("outputs") == [] and cell.get("execution_count") is None, f"{nb.name} cell {i} has outputs"


def test_every_lesson_names_the_rules_it_teaches_and_starts_panel():
    ids = set(json.loads((ROOT / "cs_panel" / "data" / "rule_ids.json").read_text())["rules"])
    for nb in sorted((ROOT / "lessons").glob("*.ipynb")):
        doc = json.loads(nb.read_text())
        text = "".join("".join(c["source"]) for c in doc["cells"])
        cited = set(re.findall(r"`([FAKB]\.[a-z0-9.-]+)`", text))
        assert cited and cited <= ids, f"{nb.name} cites {sorted(cited - ids)} not in the index"
        first_code = next(c for c in doc["cells"] if c["cell_type"] == "code")
        # cs_panel.ui.notebook(): Panel's scripts and styles inlined, so the lesson works offline
        assert "notebook()" in "".join(first_code["source"]), nb.name


def test_every_component_is_taught_in_a_lesson():
    """Like Panel's docs test: each component in cs_panel.ui appears in some lesson."""
    from cs_panel.ui import _COMPONENTS

    lessons = "".join(p.read_text() for p in (ROOT / "lessons").glob("*.ipynb"))
    missing = [name for name in _COMPONENTS if name not in lessons]
    assert not missing, f"components without a lesson: {missing}"


def test_core_imports_without_panel_or_bokeh():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('panel', 'bokeh', 'param'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import pkgutil, importlib, cs_panel\n"
        "for m in pkgutil.walk_packages(cs_panel.__path__, 'cs_panel.'):\n"
        "    if not m.name.startswith('cs_panel.ui'):\n"
        "        importlib.import_module(m.name)\n"
        "print('core ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and "core ok" in out.stdout, out.stderr



def test_referee_rules_load_no_drawing_until_a_picture_is_asked_for():
    """Like python-chess's chess/svg.py: the FASA referee's rules import without its render module,
    which the first picture loads; the drawing names stay importable from the package."""
    script = textwrap.dedent("""
        import sys
        import cs_panel.fasa.referee as R
        from cs_panel.fasa import pilots
        render = 'cs_panel.fasa.referee.render'
        ref = R.Referee.start(1, R.demo_planes()).plot('Ace', '3SA').plot('Raider', '3SA').move()
        assert render not in sys.modules, 'the rules loaded the drawing'
        assert ref.state.to_svg().startswith('<svg') and render in sys.modules
        from cs_panel.fasa.referee import PLANE_COLOURS, map_svg
        assert map_svg is sys.modules[render].map_svg and PLANE_COLOURS
        assert pilots.combat_order is sys.modules['cs_panel.fasa.fire_order'].combat_order
        print('lazy ok')
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert "lazy ok" in ran.stdout, ran.stderr


def test_fasa_and_aces_rules_compute_without_loading_their_drawing():
    """Like the referee's: the maneuver template, tailing, record sheet, map layout, pilots, hit
    location, firing order and move plan, and the Aces board and game, import and compute with
    ``cs_panel.fasa.render`` and ``cs_panel.aces.render`` unloaded;
    the first picture loads them, and the drawing names stay importable from the rules modules."""
    script = textwrap.dedent("""
        import dataclasses, sys
        from cs_panel.fasa import damage, mapsheets, tailing, template
        from cs_panel.fasa.hexgrid import Facing, Hex
        from cs_panel.aces.board import maps
        from cs_panel.aces.referee import AcesGame
        fasa, aces = 'cs_panel.fasa.render', 'cs_panel.aces.render'
        t = template.ManeuverTemplate.load(template.PACKAGED)
        assert t.arrow('3SA').gs == 0
        pos = tailing.tailing_position(tailing.TailingPlane(Hex(0, 2), Facing.A, name='F'),
                                       tailing.TailingPlane(Hex(0, 0), Facing.A, name='L'))
        assert pos.tails
        from cs_panel.fasa.movement import Capabilities
        sheet = damage.RecordSheet('tractor', {'nose': 10}, Capabilities(max_speed=4, port_gs=3, starboard_gs=3, acceleration=2))
        cells = sheet.diagram.components['G1'].cells[:1]
        sheet = dataclasses.replace(sheet, marks=sheet.marks + tuple((c, r, 'hit') for c, r in cells))
        assert 'guns destroyed' in sheet.text()
        from cs_panel.core.dice import ScriptedDice
        from cs_panel.fasa import gunnery, movement, pilots
        ivy = pilots.Pilot('Ivy', quick_draw=4, dead_eye=6)
        order = pilots.combat_order([ivy, pilots.Pilot('Dukes', quick_draw=4)], ScriptedDice([7, 2]))
        assert order.names == ('Ivy', 'Dukes') and pilots.skill_cost(ivy).total > 0
        assert gunnery.hit_location('F').bands and tailing.tailing_number(5, 6).total
        caps = movement.Capabilities(max_speed=4, port_gs=3, starboard_gs=3, acceleration=2)
        move = movement.plan(movement.PlaneState(caps, speed=3, natural_touch=5), '3R3F')
        assert move.pushes
        field = mapsheets.layout('fighters')
        assert field.contains(Hex(0, 0))
        board = maps()['training-yard']
        assert board.line_of_fire((1, 3), (14, 3)).start == (1, 3)
        game = AcesGame.start('training-yard', {'Tim': [('charlie-steele-ace', 'Charlie', (1, 3))],
                                                'Kim': [('ruffian', 'Ruffian', (14, 3))]}, order=('Tim', 'Kim'))
        assert game.turns.current
        assert fasa not in sys.modules and aces not in sys.modules, 'the rules loaded the drawing'
        assert t.to_svg().startswith('<svg') and pos.to_svg().startswith('<svg') and fasa in sys.modules
        assert field._repr_html_().startswith("<div class='cs-mapsheet'>") and sheet._repr_svg_().count('<rect')
        assert '<table' in move._repr_html_() and '<ol><li>Ivy' in order._repr_html_() and '<table' in ivy._repr_html_()
        assert template.template_svg is sys.modules[fasa].template_svg
        assert tailing.tailing_svg is sys.modules[fasa].tailing_svg and tailing.SVG_FILL['plain']
        assert aces not in sys.modules
        assert '<svg' in game._repr_html_() and board.to_svg().startswith('<svg') and aces in sys.modules
        print('lazy ok')
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert "lazy ok" in ran.stdout, ran.stderr


def test_aces_barrooms_and_air_action_tables_load_no_drawing_until_shown():
    """An Aces attack and talent, a Bar-rooms damage card, an Air Action attack and a clix figure
    with its dials compute with their drawing modules unloaded; showing one (``_repr_html_``)
    loads its module."""
    script = textwrap.dedent("""
        import sys
        from cs_panel.aces import combat, talents
        from cs_panel.aces.board import Board
        from cs_panel.airaction import combat as aa
        from cs_panel.barrooms import damage as bd
        aces, bar, air = 'cs_panel.aces.render', 'cs_panel.barrooms.render', 'cs_panel.airaction.svg'
        clix = 'cs_panel.clix.view'
        me = combat.sample_character('charlie-steele-ace', 'Charlie', 'Tim', (2, 2))
        foe = combat.sample_character('ruffian', 'Ruff', 'Kim', (7, 2))
        shot = combat.attack(Board(16, 10), me, foe, 'ranged')
        assert shot.dice > 0 and sum(shot.distribution().values()) == 1
        known = talents.talents_of(combat.sample_character('louis-thibodeaux-ace', 'Louis', 'Tim', (3, 3)))
        assert known
        card = bd.take_hit(bd.DamageCard(name='Johnny'), 'left arm', 4).card
        assert card.wound_count == 1
        gun = aa.attack(3, 4)
        from cs_panel.clix.figures import figures
        fig = figures()['sample-fighter']
        assert fig.combat.at(1).position == 1 and fig.speed is not None
        assert sum(gun.distribution().values()) == 1
        assert not {aces, bar, air, clix} & set(sys.modules), 'the rules loaded the drawing'
        assert 'cs-distribution' in shot._repr_html_() and aces in sys.modules
        assert all('cs-talent' in t._repr_html_() for t in known)
        assert 'Johnny' in card._repr_html_() and bar in sys.modules
        assert 'hits (clicks)' in gun._repr_html_() and air in sys.modules
        assert "<table class='cs-dial'>" in fig._repr_html_() and 'cs-speed-dial' in fig.speed._repr_html_() and clix in sys.modules
        print('lazy ok')
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert "lazy ok" in ran.stdout, ran.stderr


def test_split_modules_keep_every_name_they_had():
    """cs_panel.fasa.referee became a package and pilots.py lost its firing order to fire_order.py:
    every public name of the old modules is still importable from them."""
    import cs_panel.fasa.pilots as pilots
    import cs_panel.fasa.referee as referee

    old_referee = (
        "ACTION_KINDS Action DieFacesError EnteredMove FireOrder FireOrderError Flak GUNS GameState HEX_ROCKETS "
        "NOT_LOADED PLANE_COLOURS Phase REFEREE_ROCKETS RefPlane Referee RefereeError SAMPLE_ARMOUR SAMPLE_LAYOUT Tail "
        "apply attack_odds demo_planes fold hex_text map_svg parse_faces random_movement_faces resolve_with_faces"
    ).split()
    old_pilots = "FiringOrder RollOff Shooter ShooterKind combat_order order_odds tied_groups".split()
    missing = [n for n in old_referee if not hasattr(referee, n)] + [n for n in old_pilots if not hasattr(pilots, n)]
    assert not missing, f"names no longer importable: {missing}"
    assert set(referee.__all__) <= set(dir(referee)) and set(old_pilots) <= set(dir(pilots))


def test_binder_files_pass_repo2docker_dry_run():
    exe = shutil.which("repo2docker") or str(Path(sys.executable).parent / "repo2docker")
    out = subprocess.run(
        [exe, "--no-build", "--debug", "--user-id", "1000", "--user-name", "jovyan", str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    text = out.stdout + out.stderr
    assert out.returncode == 0, text[-2000:]
    assert "binder/requirements.txt" in text and "python=3.11" in text


def test_rulebook_command_opens_jupyterlab_offline(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = "cs-panel-test"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
           "JUPYTER_TOKEN": token}
    env.pop("PANEL_INLINE", None)
    log = open(tmp_path / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cs_panel.cli", "rulebook", "--lessons", str(ROOT / "lessons"), "--no-browser",
         "--port", str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.time() + 90
        while True:
            try:
                status = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2).read()
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "lab.log").read_text()
                assert time.time() < deadline, "JupyterLab did not come up"
                time.sleep(0.3)
        assert b"started" in status
        # the repository is the server's root, so the file browser shows lessons/ and examples/;
        # JupyterLab opens on lessons/; and the server passes PANEL_INLINE to kernels
        listing = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token={token}", timeout=5).read().decode()
        assert '"lessons"' in listing and '"examples"' in listing
        lessons = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/lessons?token={token}", timeout=5).read().decode()
        assert "01_dice_and_to_hit.ipynb" in lessons
        opened = urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=10)
        assert opened.url.split("?")[0].endswith("/lab/tree/lessons")
        env_of = subprocess.run(["cat", f"/proc/{proc.pid}/environ"], capture_output=True).stdout
        assert b"PANEL_INLINE=true" in env_of
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_cs_panel_serve_command_serves_the_app(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    exe = shutil.which("cs-panel") or str(Path(sys.executable).parent / "cs-panel")
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([exe, "serve", "--port", str(port), "--address", "127.0.0.1"], stdout=log, stderr=subprocess.STDOUT)
    try:
        # wait for the server to listen, then ask for the page once: each request builds a session,
        # so retrying a slow page on a loaded machine would only pile up builds
        deadline = time.time() + 90
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "serve.log").read_text()
                assert time.time() < deadline, "cs-panel serve did not come up"
                time.sleep(0.3)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=max(30, deadline - time.time())).read().decode()
        assert "cs_panel" in page and "bokeh" in page.lower()
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_the_served_app_has_a_page_for_every_component():
    """CONTRIBUTING's registration rule: every component in cs_panel.ui has one page in the app's sidebar."""
    from cs_panel.ui import _COMPONENTS
    from cs_panel.ui.app import GROUPS, PAGES
    shown = [p.component for p in PAGES if p.component]
    assert sorted(shown) == sorted(_COMPONENTS) and len(shown) == len(set(shown))
    assert len({p.slug for p in PAGES}) == len(PAGES) and all(p.group in GROUPS for p in PAGES)


def test_every_component_declares_the_rules_it_shows():
    """Each component's ``shows_rules`` names real rule ids; the rules index lists the component under them."""
    import importlib

    from cs_panel.core.rules import all_rule_ids
    from cs_panel.ui import _COMPONENTS
    known = set(all_rule_ids())
    for name, module in _COMPONENTS.items():
        rules = getattr(importlib.import_module(module), name).shows_rules
        assert isinstance(rules, tuple) and rules and set(rules) <= known, name


def test_the_longest_units_are_dealt_first_in_their_order():
    """The root conftest's queue of units (conftest._FirstQueue): the units FIRST names go to the
    front in FIRST's order, however they were queued; the others keep their queued order."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    root = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root)
    queue = root._FirstQueue()
    for unit in ["tests/a.py", "tests/test_bots.py", "tests/b.py", "tests/browser/test_jupyterlab.py",
                 "tests/test_benchmarks.py::test_benchmark_runs_and_reports[latency.py-args4]", "tests/c.py",
                 "tests/browser/test_layout.py"]:
        queue[unit] = []
    assert list(queue) == ["tests/browser/test_jupyterlab.py", "tests/browser/test_layout.py",
                           "tests/test_benchmarks.py::test_benchmark_runs_and_reports[latency.py-args4]",
                           "tests/test_bots.py", "tests/a.py", "tests/b.py", "tests/c.py"]
