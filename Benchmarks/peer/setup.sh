#!/usr/bin/env bash
# Installs the benchmark peer, GNOME's blueprint-compiler, into a throw-away
# virtualenv beside this script (Benchmarks/peer/venv, git-ignored).
# A plain pip install fails (it builds PyGObject from source); Debian's
# GObject introspection and GTK 4 typelib plus a venv on Debian's Python work.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! /usr/bin/python3 -c "import gi; gi.require_version('Gtk', '4.0')" >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-gi gir1.2-gtk-4.0 >/dev/null
fi
/usr/bin/python3 -m venv --system-site-packages "$here/venv"
"$here/venv/bin/pip" install --quiet --no-deps blueprint-compiler==0.22.2
"$here/venv/bin/blueprint-compiler" --version
