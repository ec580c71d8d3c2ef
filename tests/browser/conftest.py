"""Browser fixtures: Debian's chromium through Playwright (one kept profile a worker), a Panel server
(one a worker, serving each test's app), a JupyterLab server.

Playwright cannot download its own browser here, so every test uses Debian's chromium: its
headless shell (``chromium-headless-shell``, the same engine without the browser's windowing layer,
as Playwright's own headless runs use) where installed, else ``chromium`` (bin/test installs both
where it can; ``CHROMIUM=/usr/bin/chromium`` chooses the full browser). The shell took about 15%
less CPU over the browser tests and 20% less over the lessons and the layout test (stop 40; every
test passes in either). A missing chromium fails the tests loudly instead of skipping them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

# Two test workers share the CI machine's two cores with JupyterLab and chromium: a served page can
# take longer than Playwright's default 5 s to show its answer. A wrong answer still fails, later.
expect.set_options(timeout=30_000)

ROOT = Path(__file__).resolve().parents[2]
# the shared in-page checks (layout_checks.py) import by name from the browser tests (importlib mode)
sys.path.insert(0, str(Path(__file__).resolve().parent))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Debian's chromium at {CHROMIUM}: run `apt-get install chromium` (.ci/run does)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 60) -> None:
    """Wait until ``url`` answers. Each try waits long enough for a slow answer: a page that takes
    longer than one try's limit would otherwise be asked for again and again, each request making
    the server build it once more, on a loaded machine."""
    t0 = time.time()
    while True:
        try:
            urllib.request.urlopen(url, timeout=max(2.0, min(20.0, timeout - (time.time() - t0)))).read()
            return
        except OSError:
            if time.time() - t0 > timeout:
                raise
            time.sleep(0.2)


class AppServer:
    """One Panel server for a worker's session, serving whichever app the running test gave it.

    Each page load asks ``app`` for a new session's page, so a test's page is its own app built
    afresh, as with a server of its own; but every test's pages come from the same address. With
    the kept browser profile (``context``) chromium then keeps Panel's and bokeh's scripts and the
    code it compiled from them between tests: a page load's work in the browser about halves
    (0.95 -> 0.5 s of the page's main thread for a small app on the project's machine, measured at
    stop 31). A server a test, on a new port each time, made every load compile 2.7 MB of script
    afresh. (Tests run one at a time in a worker, so one current app is enough.)"""

    def __init__(self):
        self.app = None
        self.thread = None
        self.url = ""

    def page(self):
        """The current test's app, built for a new session (what ``pn.serve`` calls a page load)."""
        if self.app is None:
            raise RuntimeError("no test has asked the shared server to serve an app")
        return self.app()

    def serve(self, app) -> str:
        import panel as pn

        self.app = app
        if self.thread is None or not self.thread.is_alive():
            port = free_port()
            self.thread = pn.serve(self.page, port=port, address="127.0.0.1", websocket_origin=f"127.0.0.1:{port}",
                                   threaded=True, show=False, liveness=True)
            self.url = f"http://127.0.0.1:{port}"
            wait_http(f"{self.url}/liveness")
        return self.url


@pytest.fixture(scope="session")
def _app_server():
    server = AppServer()
    yield server
    if server.thread is not None:
        server.thread.stop()


@pytest.fixture
def serve(_app_server):
    """Serve a function that builds a Panel app, in this process; returns the page's URL (the
    worker's one server, ``AppServer``). The server works as the app's does (``serve_quickly``:
    one message a change, no Nagle wait, no script the page does not use), whichever test of the
    worker served first."""
    from panel.io.state import state

    from cs_panel.ui.serving import serve_quickly

    serve_quickly()

    # Panel keeps busy indicators in one process-wide list; a template built earlier in this worker
    # by a test without a browser (the app's unit tests) stays in it, and the served page's next busy
    # toggle then writes to that stale document without its lock: bokeh's "_pending_writes should be
    # non-None" error, which loses the click being handled (seen in clean-clone CI runs).
    state._indicators.clear()
    yield _app_server.serve
    _app_server.app = None
    state._indicators.clear()


@pytest.fixture(scope="session")
def _kept_context(playwright, browser_type_launch_args, tmp_path_factory):
    """One chromium with a profile on disk for the worker's session (see ``context``)."""
    args = {k: v for k, v in browser_type_launch_args.items() if k != "slow_mo"}
    ctx = playwright.chromium.launch_persistent_context(str(tmp_path_factory.mktemp("chromium-profile")), **args,
                                                        viewport={"width": 1280, "height": 720})
    yield ctx
    ctx.close()


@pytest.fixture
def context(_kept_context, _app_server):
    """The browser context a test's ``page`` opens in: the worker's one kept profile, emptied of
    the last test's pages, cookies, permissions and the served app's stored data (Playwright's own
    fixture makes a new private context for each test, whose cache starts empty: every page load
    compiled Panel's and bokeh's scripts again). Only the profile's HTTP cache, with the code
    compiled from the scripts, carries over from test to test."""
    for p in list(_kept_context.pages):
        p.close()
    yield _kept_context
    if _app_server.url:
        page = _kept_context.pages[0] if _kept_context.pages else _kept_context.new_page()
        _kept_context.new_cdp_session(page).send("Storage.clearDataForOrigin", {
            "origin": _app_server.url,
            "storageTypes": "local_storage,session_storage,indexeddb,websql,service_workers,cache_storage"})
    for p in list(_kept_context.pages):
        p.close()
    _kept_context.clear_cookies()
    _kept_context.clear_permissions()


@pytest.fixture
def ws_frames(page) -> list[str]:
    """The text frames the page's websockets receive, in order (a binary frame counts as ""): bokeh
    sends each message as its header, metadata and content frames. Clear it before the action
    whose messages a test reads."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else "")))
    return frames


@pytest.fixture(scope="session")
def panel_serve_cli():
    """Run the real ``panel serve`` command on a script; returns the app's URL once the server
    answers (its liveness endpoint: the app itself is built when the test's page asks for it).
    One server a script for the worker's session: each page load is a new session of its own on
    the server, so two tests of the same script share it instead of each starting a Python,
    importing Panel and serving (the CPU of a whole process start)."""
    procs = []
    urls: dict[tuple[Path, str], str] = {}

    def _run(script: Path, app_name: str):
        key = (Path(script).resolve(), app_name)
        if key in urls:
            return urls[key]
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "panel", "serve", str(script), "--port", str(port), "--address", "127.0.0.1",
             "--allow-websocket-origin", f"127.0.0.1:{port}", "--liveness"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
        )
        procs.append(proc)
        wait_http(f"http://127.0.0.1:{port}/liveness", timeout=90)
        urls[key] = f"http://127.0.0.1:{port}/{app_name}"
        return urls[key]

    yield _run
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server on a copy of lessons/ (the lessons inline Panel themselves: offline)."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "lessons", root, dirs_exist_ok=True)
    cfg = root.parent / (root.name + "-jcfg")
    (cfg / "labconfig").mkdir(parents=True)
    (cfg / "labconfig" / "page_config.json").write_text(
        '{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}')
    port = free_port()
    # no PANEL_INLINE: the lessons' first cell (cs_panel.ui.notebook()) must make them offline alone.
    # A lesson's kernel is shut down once its test is done with it (LabTab.run, before the next
    # lesson); the server ends one that has not exited 0.1 s after being asked (SIGTERM, then SIGKILL)
    # instead of waiting up to 2.5 s: a kernel that imported Panel takes about a second to exit on its
    # own (Python tearing down what it holds), a second the next lesson waited for. (0.4 s before
    # stop 22: the 21 lessons alone took 98 s, at 0.1 s 91 s; a test kernel has nothing to save.)
    env = {**{k: v for k, v in os.environ.items() if k != "PANEL_INLINE"}, "JUPYTER_CONFIG_DIR": str(cfg),
           "JUPYTERLAB_WORKSPACES_DIR": str(cfg / "ws")}
    # each lesson's kernel is forked from one process that has imported ipykernel and Panel once
    # (kernel_zygote.py: about 2 s of CPU a lesson), through a kernel spec of the server's own
    zygote, env = _kernel_zygote(cfg, env)
    log = open(cfg / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", "--ip", "127.0.0.1",
         "--port", str(port), "--ServerApp.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={root}", "--expose-app-in-browser", "--KernelManager.shutdown_wait_time=0.1"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status", timeout=90)
        yield f"http://127.0.0.1:{port}"
    finally:
        for p in (proc, zygote):
            p.terminate()
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()


def _kernel_zygote(cfg: Path, env: dict) -> tuple[subprocess.Popen, dict]:
    """Start kernel_zygote.py's zygote with the server's environment (what a kernel would inherit)
    and wait until it has imported what kernels need; returns it and the server's environment with
    the kernel spec that asks it for kernels."""
    import kernel_zygote

    return kernel_zygote.start(cfg, env, cwd=ROOT)


KERNEL_IDLE = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel
            && w.sessionContext.session.kernel.status === 'idle') }"""
ALL_RUN = """() => { const w = window.jupyterapp.shell.currentWidget;
  return w.content.widgets.filter(c => c.model.type === 'code').every(c => c.model.executionCount !== null)
         && w.sessionContext.session.kernel.status === 'idle' }"""
#: the first error a lesson's cell raised, as "cell N: Name: value" (null if none): a failed cell
#: stops the cells queued after it, which then never run, so ALL_RUN would wait out its time
FIRST_ERROR = r"""() => { const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.widgets;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i].model.type !== 'code') continue;
    const outs = cells[i].model.outputs.toJSON();
    const err = outs.find(o => o.output_type === 'error');
    if (err) return `cell ${i}: ${err.ename}: ${err.evalue}\n` + (err.traceback || []).join('\n').replace(/\x1b\[[0-9;]*m/g, '');
  }
  return null; }"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Note a failed test on its item, so a shared lesson tab can be thrown away after it."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()

# Opening a lesson in the shared tab: every open document is closed unsaved (a lesson's outputs make
# it "dirty", and closing a dirty notebook would ask), every kernel the server runs is shut down and
# BokehJS is forgotten, so that the next lesson must load Panel and BokehJS itself, as on a fresh page.
# (The shut-down is waited for, about a second a lesson: not waiting for it was tried, and the last
# lesson's kernel connection then logged its errors, a cancelled subshell request or a view looking
# for the BokehJS it had lost, into the next lesson's console.)
LAB_CLEAR = """async () => { const app = window.jupyterapp;
  for (const w of Array.from(app.shell.widgets('main'))) {
    if (w.context) w.context.model.dirty = false;
    w.dispose();
  }
  await app.serviceManager.sessions.shutdownAll();
  window.Bokeh = undefined; }"""
LAB_OPEN = """async (path) => { const app = window.jupyterapp;
  const w = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  await w.context.ready; await w.sessionContext.ready;
  app.shell.activateById(w.id);
  return w.id; }"""


class LabTab:
    """One JupyterLab tab that runs lessons one after another (see ``lab_tab``)."""

    def __init__(self, browser, base: str):
        self.browser, self.base, self.context, self.page = browser, base, None, None

    def fresh(self) -> None:
        """A new browser context and page with JupyterLab loaded and no document open."""
        if self.context is not None:
            self.context.close()
        # the window test_jupyterlab.py checks lessons' layout in (a ~900 px notebook column)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        from layout_checks import watch

        self.seen = watch(self.page)
        self.page.goto(f"{self.base}/lab?reset")
        # the app's plugins are all started (its commands registered) once it has restored its layout
        self.page.wait_for_function("() => window.jupyterapp !== undefined", timeout=90_000)
        self.page.evaluate("async () => { await window.jupyterapp.restored; await window.jupyterapp.serviceManager.ready; }")
        self.page.wait_for_function("() => window.jupyterapp.commands.hasCommand('docmanager:open')", timeout=30_000)
        #: what JupyterLab's own page load fetched from another host, and its console errors (each
        #: lesson's test asserts none: the tab may have been loaded for an earlier lesson)
        self.loading_outside, self.loading_errors = list(self.seen["outside"]), list(self.seen["errors"])

    def run(self, notebook: str):
        """Open ``notebook`` in this tab (after closing the last one and shutting its kernel down), run
        every cell (``run_all``), and return a locator of its notebook. What the page fetched or
        logged as an error from the moment the lesson is opened is in ``self.seen``."""
        if self.page is None:
            self.fresh()
        self.page.evaluate(LAB_CLEAR)
        self.seen["outside"].clear()
        self.seen["errors"].clear()
        widget_id = self.page.evaluate(LAB_OPEN, notebook)
        run_all(self.page)
        return self.page.locator(f'[id="{widget_id}"] .jp-Notebook')

    def close(self) -> None:
        if self.context is not None:
            try:
                self.page.evaluate(LAB_CLEAR)  # the last lesson's kernel too
            except PlaywrightError:  # a page that failed may be gone; its server's kernels die with the server
                pass
            self.context.close()
            self.context = self.page = None


@pytest.fixture(scope="module")
def _lab_tab(jupyterlab, browser):
    tab = LabTab(browser, jupyterlab)
    yield tab
    tab.close()


@pytest.fixture
def lab_tab(_lab_tab, request):
    """A JupyterLab tab shared by a worker's lessons: loading JupyterLab's page once instead of once a
    lesson. Each lesson still opens its own notebook in a new kernel (the last lesson's notebook closed
    and its kernel shut down first), and must load BokehJS and Panel itself. After a test that failed,
    the tab is thrown away and the next lesson gets a new one, so a failure cannot spill over."""
    yield _lab_tab
    if request.node.stash.get(FAILED, False):
        _lab_tab.close()


def run_all(page) -> None:
    """Run every cell of the notebook JupyterLab shows, in order; the first code cell (pn.extension) runs
    alone first so BokehJS has loaded before any output needs it, then every cell after it. (Not
    "run all", which would run the first cell again: a second 6 MB of inlined Panel for the kernel to
    send and the page to parse, for nothing.)"""
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    first = page.evaluate("""async () => { const w = window.jupyterapp.shell.currentWidget;
        const first = w.content.widgets.findIndex(c => c.model.type === 'code');
        w.content.activeCellIndex = first; await window.jupyterapp.commands.execute('notebook:run-cell');
        return first; }""")
    page.wait_for_function("() => window.Bokeh !== undefined && window.Bokeh.Panel !== undefined", timeout=60_000)
    page.evaluate("""(first) => { const w = window.jupyterapp.shell.currentWidget;
        w.content.activeCellIndex = first + 1; window.jupyterapp.commands.execute('notebook:run-all-below'); }""", first)
    # every cell run, or one failed: a lesson whose cell raised fails at once with the cell's error
    # (the lessons run only here in a full run, not under nbval too: see the root conftest.py).
    # Looked at every 100 ms, not at every frame (Playwright's default): the check reads every cell's
    # outputs, in the page that is drawing them, for the seconds the cells run (six lessons alone,
    # in turn with the default, twice: 45.7 and 44.4 s -> 41.8 and 39.8 s; the page's CPU 27.5 -> 25.4 s)
    page.wait_for_function(f"() => ({ALL_RUN})() || ({FIRST_ERROR})() !== null", timeout=180_000, polling=100)
    error = page.evaluate(FIRST_ERROR)
    assert error is None, f"a cell of the lesson raised: {error[-3000:]}"
