"""Shell completion: game names, ``--variant NAME=VALUE``, ``--size``, papers, languages, formats,
``--only``/``--kind`` comma lists, and file (``-o PATH``) or folder (``-o DIR``) names.

Click's own completion (``_BOARDGEN_COMPLETE=bash_source boardgen``) asks the
options' ``shell_complete`` callbacks below.  They read the registry when
asked, never at import, so the commands stay light to start.

Bash splits words at ``=`` (``COMP_WORDBREAKS``), which would hand click
``--variant swap = o`` instead of ``--variant swap=o``; :class:`BashComplete`
therefore passes click the command line itself and answers with the part of
each completion bash is replacing.  Zsh and fish pass whole words and use
click's classes unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import click
from click.shell_completion import BashComplete as ClickBashComplete
from click.shell_completion import CompletionItem, add_completion_class, split_arg_string


def _matching(names: Iterable[tuple[str, str | None]], incomplete: str) -> list[CompletionItem]:
    wanted = incomplete.lower()
    return [CompletionItem(name, help=doc) for name, doc in names if name.lower().startswith(wanted)]


def complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Game ids and their aliases (``hex``, ``trihex``, ``y``...)."""
    from boardgen.registry import all_games

    names: list[tuple[str, str | None]] = []
    for game in all_games():
        names.append((game.id, game.title.get("en")))
        names.extend((alias, f"{game.title.get('en', game.id)} ({game.id})") for alias in game.aliases)
    return _matching(names, incomplete)


def value_texts(variant: Any) -> list[str]:
    """A variant's values as the text the command line takes, whatever type the registry keeps them in."""
    values = getattr(variant, "values", None)
    if values is None:
        return []
    if isinstance(values, str):
        return [values]
    if isinstance(values, dict):
        values = list(values)
    try:
        items = list(values)
    except TypeError:  # a range or type description the command line cannot enumerate
        return []
    return [_as_text(value) for value in items]


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _game_word(ctx: click.Context) -> str | None:
    """GAME as typed, from the words the shell sent.

    While an option still waits for its value click leaves ``ctx.params``
    unparsed, so the words are read here: the first one after the command
    name that is neither an option nor the value of one.
    """
    words = split_arg_string(os.environ.get("BOARDGEN_COMP_LINE") or os.environ.get("COMP_WORDS", ""))
    takes_value = {opt for param in ctx.command.params if isinstance(param, click.Option) and not param.is_flag for opt in param.opts}
    try:
        start = words.index(ctx.info_name or "") + 1
    except ValueError:
        return None
    waiting = False
    for word in words[start:]:
        if waiting:
            waiting = False
        elif word.startswith("-"):
            waiting = word in takes_value
        else:
            return word
    return None


def _chosen_games(ctx: click.Context) -> list[Any]:
    """The game the command line names already, else every game (the completion is then still useful)."""
    from boardgen.errors import BoardgenError
    from boardgen.registry import all_games, get_game

    name = ctx.params.get("game") or _game_word(ctx)
    if isinstance(name, str):
        try:
            return [get_game(name)]
        except BoardgenError:
            pass
    return list(all_games())


def complete_variant(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``NAME=`` for each variant option of the game, then ``NAME=VALUE`` for its values."""
    name, equals, value = incomplete.partition("=")
    seen: set[str] = set()
    items: list[CompletionItem] = []
    for game in _chosen_games(ctx):
        for variant in getattr(game, "variants", ()):
            variant_name = str(getattr(variant, "name", ""))
            if not equals:
                if variant_name.startswith(name) and variant_name not in seen:
                    seen.add(variant_name)
                    items.append(CompletionItem(f"{variant_name}=", help=getattr(variant, "doc", None)))
            elif variant_name == name:
                for text in value_texts(variant):
                    if text.startswith(value) and text not in seen:
                        seen.add(text)
                        items.append(CompletionItem(f"{name}={text}"))
    return items


def complete_paper(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The named papers (``WIDTHxHEIGHT`` is free text)."""
    from boardgen.sheets.paper import PAPERS

    return _matching(((name, f"{w:g} x {h:g} mm") for name, (w, h) in PAPERS.items()), incomplete)


def complete_choices(choices: Iterable[str]) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """A callback completing a fixed list (``--format``, ``--ink``...)."""
    fixed = tuple(choices)

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return _matching(((choice, None) for choice in fixed), incomplete)

    return complete


LANGS = ("pt+en", "en+pt", "pt", "en")
complete_lang = complete_choices(LANGS)


def complete_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``-o PATH``: the shell's own file names (click's ``file`` type: bash falls back to its filename completion)."""
    return [CompletionItem(incomplete, type="file")]


def complete_dir(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``-o DIR`` of build and serve: the shell's folder names."""
    return [CompletionItem(incomplete, type="dir")]


def complete_list(names: Callable[[], Iterable[tuple[str, str | None]]]) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """A callback completing a comma list (``--only hex,se``): the last name, after the ones already given (not offered again).

    The answer is the whole word (``hex,seega``): a comma is no word break
    for bash, so readline replaces the word whole.
    """

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        done, comma, last = incomplete.rpartition(",")
        given = {part.strip().lower() for part in done.split(",")} if comma else set()
        prefix = done + comma
        return [CompletionItem(prefix + item.value, help=item.help) for item in _matching(names(), last) if item.value.lower() not in given]

    return complete


def _game_ids() -> list[tuple[str, str | None]]:
    from boardgen.registry import all_games

    return [(game.id, game.title.get("en")) for game in all_games()]


#: ``--only GAME[,GAME]``: the game ids
complete_only = complete_list(_game_ids)


def complete_size(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``--size``: the sizes of the game the command line names (of every game before one is named), smallest first.

    The game's default and its popular sizes say so in their help (zsh and fish show it).
    """
    sizes: dict[int, str | None] = {}
    for game in _chosen_games(ctx):
        for size in sorted(game.sizes or ()):
            note = "default" if size == game.default_size else "popular" if size in game.popular_sizes else None
            if sizes.get(size) is None:
                sizes[size] = note
    return [CompletionItem(str(size), help=note) for size, note in sorted(sizes.items()) if str(size).startswith(incomplete)]


class BashComplete(ClickBashComplete):
    """Click's bash completion, given the command line itself rather than bash's ``=``-split words.

    Readline replaces only the text after the last word-break character
    (``=`` and ``:`` among them), so each answer is cut to that part.
    Without ``BOARDGEN_COMP_LINE`` in the environment (an older completion
    script, or a hand-made request as the tests make) it is click's class.
    """

    source_template = r"""
%(complete_func)s() {
    local IFS=$'\n'
    local response

    response=$(env BOARDGEN_COMP_LINE="${COMP_LINE:0:COMP_POINT}" BOARDGEN_COMP_BREAKS="$COMP_WORDBREAKS" \
COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            [[ $value == *= ]] && compopt -o nospace  # NAME= waits for its value
            COMPREPLY+=($value)
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""

    _cut = 0  # characters of each answer that bash keeps from the line

    def get_completion_args(self) -> tuple[list[str], str]:
        line = os.environ.get("BOARDGEN_COMP_LINE")
        if line is None:
            return super().get_completion_args()
        words = split_arg_string(line)
        incomplete = "" if not line or line[-1].isspace() or not words else words.pop()
        breaks = [c for c in os.environ.get("BOARDGEN_COMP_BREAKS", "=:") if not c.isspace()]
        self._cut = max((incomplete.rfind(c) + 1 for c in breaks), default=0)
        return words[1:], incomplete

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.type},{item.value[self._cut:]}"


add_completion_class(BashComplete, "bash")
