"""The ``cs-panel`` command: serve the rulebook app, or open the lessons in JupyterLab."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _serve(args) -> int:
    import panel as pn

    from cs_panel.ui.app import create_app
    from cs_panel.ui.serving import serve_quickly

    serve_quickly()
    pn.serve(create_app, port=args.port, address=args.address, show=args.show,
             websocket_origin=[f"{args.address}:{args.port}", f"localhost:{args.port}"],
             title="cs_panel")
    return 0


def _rulebook(args) -> int:
    lessons = Path(args.lessons).resolve()
    if not lessons.is_dir():
        print(f"cs-panel: no lessons folder at {lessons}", file=sys.stderr)
        return 2
    # Panel's notebook output loads BokehJS from a CDN unless told to inline it; inline works offline.
    env = {**os.environ, "PANEL_INLINE": os.environ.get("PANEL_INLINE", "true")}
    # the server's root is the folder holding the lessons (the repository, so examples/ is there
    # too); JupyterLab opens on the lessons folder
    root = lessons.parent
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url=/lab/tree/{lessons.relative_to(root).as_posix()}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    if not args.browser:
        cmd.append("--no-browser")
    if args.port:
        cmd += [f"--port={args.port}", "--ServerApp.port_retries=0"]
    # replace this process, so signals (Ctrl-C, a test's terminate) reach JupyterLab itself
    os.execve(sys.executable, cmd, env)
    return 0  # not reached


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cs-panel", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the rulebook app with Panel")
    serve.add_argument("--port", type=int, default=5006)
    serve.add_argument("--address", default="localhost")
    serve.add_argument("--show", action="store_true", help="open a browser tab")
    serve.set_defaults(func=_serve)
    book = sub.add_parser("rulebook", help="open the lessons in JupyterLab (works offline); the folder holding them "
                                           "is the file browser's root, so examples/ is beside them")
    book.add_argument("--lessons", default="lessons")
    book.add_argument("--no-browser", dest="browser", action="store_false")
    book.add_argument("--port", type=int, default=None, help="JupyterLab's port (default: its own choice)")
    book.set_defaults(func=_rulebook)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
