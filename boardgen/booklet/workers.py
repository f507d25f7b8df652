"""The set-up of the processes that make the build's files in parallel: they stop with the build, whatever stops it.

A clean stop (Ctrl-C, SIGTERM, an error) leaves the ``with Pool`` block in
:mod:`boardgen.make.pool`, which terminates the workers.
A ``kill -9`` of the build runs no code at all, and the workers (each about
180 MB, holding the caller's pipes open) would go on for ever as orphans.  So
each worker asks Linux to SIGKILL it when its parent dies
(``prctl(PR_SET_PDEATHSIG)``, through ctypes); where that is not available,
a daemon thread in the worker watches ``os.getppid()`` and exits when the
parent is gone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH_INTERVAL = 0.5  # seconds between the fallback watchdog's looks at the parent


def init_worker(parent: int) -> None:
    """Pool initializer: the signals a worker obeys, and dying with ``parent`` (the build's pid).

    SIGINT and SIGHUP are ignored: a terminal's Ctrl-C or hang-up reaches every
    process of the foreground group, and a worker that took it would print its
    own traceback; the parent stops the workers instead.  SIGTERM gets its
    default action back (the parent's handler was inherited through fork),
    since it is how ``Pool.terminate`` stops a worker.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def die_with_parent(parent: int) -> str:
    """Make this process end when ``parent`` does; how ("prctl" or "watchdog").

    The parent may already be gone by the time this runs (killed between the
    fork and here), which neither mechanism would notice: checked last.
    """
    how = "prctl" if _set_pdeathsig(signal.SIGKILL) else "watchdog"
    if how == "watchdog":
        threading.Thread(target=_watch, args=(parent,), name="boardgen-parent-watchdog", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)
    return how


def _set_pdeathsig(signum: int) -> bool:
    """``prctl(PR_SET_PDEATHSIG, signum)`` on Linux; False where it is not available or fails."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)
