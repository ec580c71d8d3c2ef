# Sourced by bin/test and bin/rulebook: make_venv DIR makes a virtual environment with pip in DIR.
# Debian and Ubuntu ship venv's pip bootstrap (ensurepip) apart from python3, in python3.X-venv:
# without it `python3 -m venv` fails (leaving a venv without pip), so install it and try again.

# root_prefix [--quiet]: print what runs a command as root here: nothing as root, "sudo" where sudo
# is installed; fail where neither. --quiet: sudo only where it asks no password (an optional
# install must not stop at a prompt).
root_prefix() {
  if [ "$(id -u)" = 0 ]; then return 0; fi
  command -v sudo >/dev/null 2>&1 || return 1
  if [ "${1:-}" = --quiet ] && ! sudo -n true 2>/dev/null; then return 1; fi
  echo sudo
}

make_venv() {
  local venv=$1 me pkg sudo
  # an existing venv is kept; one left without pip by an earlier failed attempt is completed
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -m pip --version >/dev/null 2>&1; then return 0; fi
  python3 -m venv "$venv" && return 0

  me="bin/$(basename "$0")"
  pkg=$(python3 -c 'import sys; print(f"python3.{sys.version_info.minor}-venv")')
  sudo=$(root_prefix) || sudo="none"
  if [ "$sudo" != none ] && command -v apt-get >/dev/null 2>&1; then
    echo "$me: python3 -m venv failed; installing $pkg and trying again" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq &&
      { $sudo apt-get install -y -qq "$pkg" >/dev/null || $sudo apt-get install -y -qq python3-venv >/dev/null; } &&
      python3 -m venv "$venv" && return 0
  fi
  echo "$me: could not create $venv; install Python's venv support as root, then run $me again:" >&2
  echo "  apt-get install $pkg    (if there is no such package: apt-get install python3-venv)" >&2
  exit 1
}

# drop_slow_checker DIR: uninstall rfc3987-syntax from the venv in DIR. jsonschema imports it, when
# present, to check the "iri" string format, which no schema of Jupyter's or ours uses; its import
# builds some 35 Earley parsers: 1.3 s of CPU in every process that imports nbformat or starts
# JupyterLab (pytest and each of its workers, each JupyterLab server). Without it jsonschema leaves
# that one format unchecked, as it does by design when the package is missing (jsonschema._format).
drop_slow_checker() {
  local venv=$1
  [ -n "$(ls -d "$venv"/lib/python3*/site-packages/rfc3987_syntax 2>/dev/null)" ] || return 0
  "$venv/bin/python" -m uv pip uninstall -q -p "$venv/bin/python" rfc3987-syntax 2>/dev/null ||
    "$venv/bin/python" -m pip uninstall -y -q rfc3987-syntax >/dev/null 2>&1 || true
}

# install_package DIR EXTRA LOG: install this package (editable) with its EXTRA extra into the venv
# in DIR and print which installer did it. uv, itself from PyPI, installs the same packages as pip
# in a fraction of the time (the project's machine, a fresh venv, both from their caches: the test
# extra 9 s against 27 s, the rulebook's 8 s against 41 s); where uv cannot be had or fails, pip
# installs them. Neither compiles every module up front (pip: --no-compile; uv does not by default):
# Python compiles a module when it is first imported. On failure, prints the log and returns 1.
install_package() {
  local venv=$1 extra=$2 log=$3
  if "$venv/bin/python" -m pip install -q uv > "$log" 2>&1 &&
     "$venv/bin/python" -m uv pip install -q -p "$venv/bin/python" -e ".[$extra]" >> "$log" 2>&1; then
    echo uv
    return 0
  fi
  if "$venv/bin/python" -m pip install -q --no-compile -e ".[$extra]" >> "$log" 2>&1; then
    echo pip
    return 0
  fi
  grep -v 'is ignored' "$log" >&2   # this machine's pip also prints harmless index warnings
  return 1
}

# keep_bytecode DIR: let Python keep the bytecode it compiles, in one folder inside the venv in DIR
# (none in the source tree), for this script and what it starts. An environment that sets
# PYTHONDONTWRITEBYTECODE would otherwise make every Python process (JupyterLab's server, each
# notebook's kernel, each test worker) compile panel, bokeh and the rest from source again: about
# half the cost of `import panel`, and some seconds of every JupyterLab start.
keep_bytecode() {
  unset PYTHONDONTWRITEBYTECODE
  case $1 in /*) PYTHONPYCACHEPREFIX=$1/pycache ;; *) PYTHONPYCACHEPREFIX=$PWD/$1/pycache ;; esac
  export PYTHONPYCACHEPREFIX
}
