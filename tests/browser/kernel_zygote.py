"""Lesson kernels forked from one process that has imported Panel already (the browser tests' JupyterLab).

Each lesson run in JupyterLab (tests/browser/test_jupyterlab.py) starts a kernel of its own, and
every one of them used to spend about 2 s of CPU (stop 37, on the project's machine) importing
ipykernel, Panel, bokeh and numpy before its first cell ran: some 50 s of a CI run's two cores
(issue 14: "share set-up between notebook runs"). Here one process, the *zygote*, imports all of
that once; JupyterLab's kernel
spec for the test server (``kernel_spec``) runs ``launch`` instead of ipykernel's launcher, which
asks the zygote to fork a child and make it the kernel: a new process for each lesson, its own
memory, its own connection file, working directory and environment, so lessons still cannot see
each other. The only difference from a kernel a player starts is that the modules were imported
before the lesson's cells ran: the lesson's namespace still starts empty and its own imports still
run (finding the modules loaded), and what importing them printed or warned, which a lesson's first
cell would have shown, stops the zygote instead (``serve``).

The launcher stays alive for as long as its kernel, standing in for it towards JupyterLab: an
interrupt sent to it is passed on to the kernel, and the kernel ends when the launcher ends (the
server kills the launcher once a shut-down kernel has not exited 0.1 s after being asked) or ends
the launcher when it exits itself. Without the zygote's socket the launcher runs ipykernel as
usual.

    python kernel_zygote.py serve SOCKET       # the zygote (the jupyterlab fixture starts it)
    python kernel_zygote.py launch -f FILE     # a kernel (the kernel spec's argv)
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import threading

#: the environment variable naming the zygote's socket, for the launcher
SOCKET_ENV = "CS_PANEL_KERNEL_ZYGOTE"

#: imported once by the zygote: what every lesson's kernel imports before and in its first cells
#: (only what every lesson imports anyway: a module imported here that a lesson does not import could
#: change what the lesson's kernel does, by what it registers with Panel or bokeh when imported)
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "numpy", "panel", "cs_panel.ui", "cs_panel.ui.serving",
           "cs_panel.teach")


def kernel_spec(directory, python: str = sys.executable) -> str:
    """Write a ``python3`` kernel spec running ``launch`` into ``directory``/kernels/python3 and return
    the directory, for the JupyterLab server's JUPYTER_PATH (which outranks the installed spec)."""
    spec = os.path.join(str(directory), "kernels", "python3")
    os.makedirs(spec, exist_ok=True)
    with open(os.path.join(spec, "kernel.json"), "w") as f:
        json.dump({"argv": [python, os.path.abspath(__file__), "launch", "-f", "{connection_file}"],
                   "display_name": "Python 3 (ipykernel)", "language": "python", "interrupt_mode": "signal",
                   "metadata": {"debugger": True}}, f)
    return str(directory)


def start(directory, env: dict, cwd=None):
    """Start a zygote (``serve``) with the environment ``env`` (what a kernel would inherit), wait
    until it has imported what kernels need, and write a kernel spec that asks it for kernels into
    ``directory``. Returns the zygote's process and ``env`` with that spec first on JUPYTER_PATH and
    the zygote's socket named, for whatever starts the kernels (a Jupyter server, nbclient)."""
    import subprocess  # here, not at the top: a kernel's launcher, which imports this module, never needs it

    sock = os.path.join(str(directory), "zygote.sock")
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "serve", sock], env=env, cwd=cwd,
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()  # "ready" once it listens (an import error ends it: an empty line)
    if line.strip() != "ready":
        proc.kill()
        raise RuntimeError(f"the kernel zygote did not start: {line!r}")
    proc.stdout.close()
    specs = kernel_spec(os.path.join(str(directory), "kernelspec"))
    return proc, {**env, SOCKET_ENV: sock, "JUPYTER_PATH": os.pathsep.join(filter(None, [specs, env.get("JUPYTER_PATH")]))}


# -- the zygote ---------------------------------------------------------------------------------


def serve(path: str) -> None:
    """Import what kernels need, then fork a kernel for each launcher that connects to ``path``."""
    import contextlib
    import importlib
    import io
    import warnings

    # what importing these prints or warns would have shown in a lesson's first cell, whose test fails on
    # any stderr: here it would go unseen, so the zygote refuses to start instead (the fixture says why)
    said = io.StringIO()
    with warnings.catch_warnings(record=True) as warned, contextlib.redirect_stdout(said), \
            contextlib.redirect_stderr(said):
        for name in PRELOAD:
            try:
                importlib.import_module(name)
            except ImportError:  # a module of this list that a version lacks: the kernel imports what it needs
                pass
    if warned or said.getvalue():
        shown = [str(w.message) for w in warned] + [said.getvalue()]
        print(f"importing {', '.join(PRELOAD)} printed or warned: {shown}", flush=True)
        sys.exit(1)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the children are reaped by the system, not waited for
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(16)
    print("ready", flush=True)  # the fixture waits for this line
    while True:
        conn, _ = server.accept()
        if os.fork() == 0:
            server.close()
            _child(conn)  # never returns
        conn.close()


def _read_request(conn: socket.socket) -> tuple[dict, list[int]]:
    """The launcher's request and its standard streams (sent with the request's first part)."""
    data, fds = b"", []
    while not data.endswith(b"\n"):
        chunk, got, _, _ = socket.recv_fds(conn, 1 << 20, 3)
        if not chunk:
            raise EOFError("the launcher left before asking for a kernel")
        data += chunk
        fds += got
    return json.loads(data), fds


def _child(conn: socket.socket) -> None:
    """The forked kernel: the launcher's working directory, environment and arguments, then ipykernel."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the kernel waits for its own subprocesses
        request, fds = _read_request(conn)
        for target, fd in enumerate(fds):  # stdin, stdout and stderr: the launcher's
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [sys.argv[0], *request["argv"]]
        conn.sendall(f"{os.getpid()}\n".encode())

        def watch_launcher():  # the launcher gone (killed by the server): the kernel goes too
            try:
                while conn.recv(1):
                    pass
            finally:
                os._exit(1)

        threading.Thread(target=watch_launcher, daemon=True).start()
        from ipykernel.kernelapp import IPKernelApp

        # ipykernel read JPY_PARENT_PID (the server's pid) when the zygote imported it, before the
        # server's environment reached this process: the kernel's parent is the zygote, so it is the
        # process whose end ends the kernel, as the server's would (and no note is printed for
        # a kernel without a parent)
        IPKernelApp.launch_instance(argv=[*request["argv"], f"--IPKernelApp.parent_handle={os.getppid()}"])
        code = 0
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)  # not the zygote's clean-up: this process only borrowed its memory


# -- the launcher -------------------------------------------------------------------------------


def launch(argv: list[str]) -> None:
    """Ask the zygote for a kernel and stand in for it until it ends; plain ipykernel without a zygote."""
    path = os.environ.get(SOCKET_ENV)
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        if not path:
            raise OSError("no zygote")
        conn.connect(path)
    except OSError:
        conn.close()
        os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *argv])
    env = {k: v for k, v in os.environ.items() if k != SOCKET_ENV}
    # the request, with this process's standard streams for the kernel (the server reads its output there)
    socket.send_fds(conn, [(json.dumps({"argv": argv, "cwd": os.getcwd(), "env": env}) + "\n").encode()], [0, 1, 2])
    reply = b""
    while not reply.endswith(b"\n"):
        chunk = conn.recv(64)
        if not chunk:
            sys.exit("the kernel zygote did not start a kernel")
        reply += chunk
    pid = int(reply)

    def forward(signum, frame):
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass
        if signum == signal.SIGTERM:
            sys.exit(0)

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(sig, forward)
    while conn.recv(64):  # the kernel's end closes the connection (a signal's interruption is retried)
        pass
    sys.exit(0)


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(sys.argv[2])
    elif sys.argv[1:2] == ["launch"]:
        launch(sys.argv[2:])
    else:
        sys.exit(__doc__)
