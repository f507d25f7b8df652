#!/usr/bin/env bash
# Install everything boardgen needs on a fresh Debian or Ubuntu machine, then
# build every board, booklet and diagram into output/.
#   ./setup.sh             install and build
#   ./setup.sh --no-build  install only (what CI does before the tests)
set -euo pipefail
cd "$(dirname "$0")"

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# System packages: WeasyPrint's Pango, and the PDF/SVG tools the tests measure with.
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
  python3 python3-venv python3-pip \
  libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig \
  poppler-utils qpdf librsvg2-bin chromium git >/dev/null

# Python packages in a project-local virtual environment: boardgen editable, with every
# extra ([all]: the booklet stack, [booklets], and python-chess for Xadrez's engine, [chess])
# and the test tools (the [test] extra, which includes [all]).
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -m pip install -q --upgrade pip
# An older checkout installed itself as 'boardgen' (now boardgen-games): remove it so one copy is found.
.venv/bin/python -m pip uninstall -y -q boardgen >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e '.[all,test]'

if [ "${1:-}" != "--no-build" ]; then
  .venv/bin/boardgen build
fi
