"""``boardgen list``: the games with their board sizes, defaults and variant options."""

from __future__ import annotations

import click

from boardgen import extras
from boardgen.cli.common import echo_json, verbosity_options
from boardgen.cli.complete import value_texts


@click.command("list")
@verbosity_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def list_games(as_json: bool) -> int:
    """List the games, their board sizes and variant options."""
    from boardgen.engine.sizes import short_sizes
    from boardgen.registry import all_games

    games = all_games()
    if as_json:
        echo_json({"games": [g.to_json() for g in games]})
        return 0
    for game in games:
        if game.sizes:
            sizes = f"sizes {short_sizes(game.sizes)}, default {game.default_size}"
        else:
            sizes = "fixed board"
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        click.echo(f"{game.id:<12} {game.title['en']}{aliases}: {sizes}")
        click.echo(f"{'':<12} {game.summary['en']}")
        if (note := extras.engine_note(game.extra.get("engine_extra"))) is not None:
            click.echo(f"{'':<12} {note}")
        for variant in game.variants:
            values = "|".join(value_texts(variant))
            # a source text may hold commas, semicolons and parentheses: values are set apart by " | "
            played = " | ".join(f"{value}: {who}" for value, who in variant.source)
            sources = f" Sources: {played}." if played else ""
            click.echo(f"{'':<12} --variant {variant.name}={values} (default {variant.default}): {variant.doc}{sources}")
    return 0
