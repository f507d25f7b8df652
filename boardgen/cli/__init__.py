"""The ``boardgen`` command line: one subcommand per job, each in its own module.

Subcommands are imported only when run (see ``COMMANDS``), so ``boardgen board``
never imports the booklet stack and start-up stays light.  Every user mistake
ends as one line on stderr and exit status 2 (see :func:`main`), with click's
``Try 'boardgen COMMAND -h' for help.`` under it when click could not read the
command line (docs/cli.md); Ctrl-C ends
any command with ``boardgen: interrupted`` and status 130, SIGTERM (``kill``,
``timeout``, a service manager) with ``boardgen: terminated`` and 143, and
SIGHUP (the terminal closed) with 129: 128 + the signal's number, as shells
report a process stopped by it, after the clean-up a plain kill would skip
(no temporary file left, booklet workers stopped).

Plain ``boardgen`` prints the usage and the list of commands on stderr and
exits 2: what click itself does since 8.2 (and what a missing argument does
in any click command), whatever the click version installed.
"""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Any

import click

from boardgen import __version__, extras
from boardgen.cli import complete as _complete  # noqa: F401  (registers the bash completion before click picks one)
from boardgen.errors import BoardgenError, clipped

# name -> "module:attribute" of a click command; loaded on demand.
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("boardgen.cli.list_cmd:list_games", "List the games, their board sizes and variant options."),
    "board": ("boardgen.cli.board_cmd:board", "Draw a printable board as PDF or SVG."),
    "calibrate": ("boardgen.cli.calibrate_cmd:calibrate", "Draw the printer self-test sheet (two 100 mm bars, edge frames)."),
    "record": ("boardgen.cli.record_cmd:record", "Draw a game's score or notation sheet as PDF or SVG."),
    "pieces": ("boardgen.cli.pieces_cmd:pieces", "Draw a game's pieces to cut out, as PDF or SVG."),
    "build": ("boardgen.cli.build_cmd:build", "Write every board, booklet and diagram into output/."),
    "moves": ("boardgen.cli.engine_cmd:moves", "List the legal moves of a position."),
    "play": ("boardgen.cli.engine_cmd:play", "Apply moves to a position and print the result."),
    "perft": ("boardgen.cli.engine_cmd:perft", "Count the move sequences of a given length."),
    "check": ("boardgen.cli.booklet_cmd:check", "Check every diagram of the rule texts with the engines."),
    "booklet": ("boardgen.cli.booklet_cmd:booklet", "Typeset a rule booklet to PDF."),
    "diagram": ("boardgen.cli.booklet_cmd:diagram", "Draw one engine-checked example position."),
    "serve": ("boardgen.cli.serve_cmd:serve", "Serve the site on 127.0.0.1, rebuilt as rule texts are saved."),
    "preview": ("boardgen.cli.serve_cmd:serve", "The same as serve."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands live in modules imported only when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name, (ref, _) in COMMANDS.items() if _available(ref))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None or not _available(entry[0]):
            return None
        extras.require_for_command(cmd_name)  # one line naming the missing extra, not an ImportError
        module_name, _, attribute = entry[0].partition(":")
        return getattr(importlib.import_module(module_name), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _available(reference: str) -> bool:
    from boardgen.registry import module_exists

    return module_exists(reference.partition(":")[0])


@click.group(
    cls=LazyGroup,
    invoke_without_command=True,
    no_args_is_help=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="boardgen")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """boardgen: printable boards, bilingual rule booklets and rules engines for traditional board games.

    Every command takes -q (no progress lines) and -v (debug detail), and --help.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help(), err=True)
        ctx.exit(2)


class Interrupted(BaseException):
    """Ctrl-C (SIGINT), SIGTERM or SIGHUP arrived; ``signum`` says which.

    Not a KeyboardInterrupt, so that click does not turn it into its
    ``Aborted!`` handling on the way out; like KeyboardInterrupt it is no
    Exception, so no ``except Exception`` swallows it, and every ``finally``
    and :func:`boardgen.output.write_atomic`'s clean-up runs on the way up.
    """

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = int(signum)


# The signals that stop a command cleanly, and what it says on the way out.
STOP_SIGNALS: dict[int, str] = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
if hasattr(signal, "SIGHUP"):
    STOP_SIGNALS[signal.SIGHUP] = "hung up"


def _interrupt(signum: int, frame: Any) -> None:
    raise Interrupted(signum)


def fail(message: str, hint: str | None = None) -> None:
    """Print one error line (and, for a usage error, click's hint line under it) and exit with status 2."""
    click.echo(f"boardgen: error: {message}", err=True)
    if hint:
        click.echo(hint, err=True)
    sys.exit(2)


def _usage_hint(exc: click.ClickException, argv: list[str]) -> str | None:
    """Click's ``Try 'boardgen COMMAND -h' for help.`` for a command line click could not read.

    An unknown option or command, a missing argument or option, an option
    without its value: the user needs the command's help.  A bad value
    (click's own ``BadParameter``, as ours, which are BoardgenErrors) already
    says what is allowed, so it stays the one line.  Click's parser raises
    "Option '-o' requires an argument" without a context (and click itself
    then gives no hint); the command is then the first word of ``argv``
    that names one.
    """
    if not isinstance(exc, click.UsageError):
        return None
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter):
        return None
    if exc.ctx is None:
        command = next((word for word in argv if not word.startswith("-")), None)
        return f"Try 'boardgen {command} -h' for help." if command in COMMANDS else "Try 'boardgen -h' for help."
    if exc.ctx.command.get_help_option(exc.ctx) is None:
        return None
    return f"Try '{exc.ctx.command_path} {exc.ctx.help_option_names[0]}' for help."


def main(argv: list[str] | None = None) -> Any:
    """Entry point: run the CLI and turn every user error into one stderr line, exit 2."""
    from boardgen import logs

    logs.configure()
    previous: dict[int, Any] = {}
    try:
        for signum in STOP_SIGNALS:
            previous[signum] = signal.signal(signum, _interrupt)
    except ValueError:  # not the main thread: leave signals alone
        pass
    try:
        result = cli.main(args=argv, prog_name="boardgen", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except (Interrupted, KeyboardInterrupt, click.exceptions.Abort) as exc:
        if isinstance(exc, click.exceptions.Abort) and not isinstance(exc.__cause__, KeyboardInterrupt):
            click.echo("boardgen: aborted", err=True)
            sys.exit(1)
        signum = exc.signum if isinstance(exc, Interrupted) else int(signal.SIGINT)
        for other in previous:  # a second signal during the goodbye must not print a traceback
            signal.signal(other, signal.SIG_IGN)
        if signum == signal.SIGINT and sys.stderr is not None and sys.stderr.isatty():
            click.echo(err=True)  # after the terminal's ^C
        click.echo(f"boardgen: {STOP_SIGNALS.get(signum, 'interrupted')}", err=True)
        sys.exit(128 + signum)
    except click.ClickException as exc:
        fail(_one_line(exc.format_message()), _usage_hint(exc, sys.argv[1:] if argv is None else argv))
    except BoardgenError as exc:
        fail(_one_line(str(exc)))
    except ModuleNotFoundError as exc:  # an extra's library imported without extras.require first
        if (missing := extras.explain(exc)) is None:
            raise
        fail(_one_line(str(missing)))
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        fail(_one_line(f"{where}{exc.strerror or exc}"))
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    sys.exit(result if isinstance(result, int) else 0)


def _one_line(message: str) -> str:
    """The message on one line, and of a length a person reads (a pasted giant input is clipped)."""
    return clipped(" ".join(message.split()))
