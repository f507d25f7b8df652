"""Typed variant options: declared with a type, resolved once, read by engines as typed values."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from boardgen.engine.variants import Variant, VariantValues, resolve_variants
from boardgen.errors import OptionError
from boardgen.registry import all_games, get_game

ROOT = Path(__file__).resolve().parent.parent


def test_the_three_kinds_read_as_typed_values() -> None:
    assert get_game("hex").resolve_variants({}).swap is True
    assert get_game("hex").resolve_variants({"swap": "off"}).swap is False
    surakarta = get_game("surakarta")
    assert surakarta.resolve_variants({}).end_rule == 50
    assert surakarta.resolve_variants({"end_rule": "off"}).end_rule is None
    assert surakarta.resolve_variants({"origin": "blocks"}).origin == "blocks"
    ringo = get_game("ringo").resolve_variants({"no_progress": "200"})
    assert ringo.no_progress == 200 and ringo.multi_capture is True and ringo.attacker_side_capture is False


def test_resolved_values_still_read_as_the_texts_in_declared_order() -> None:
    game = get_game("surakarta")
    values = game.resolve_variants({"corner_capture": "on", "end_rule": "off"})
    assert list(values.items()) == [("origin", "empty"), ("end_rule", "off"), ("corner_capture", "on")]
    assert values == {"origin": "empty", "end_rule": "off", "corner_capture": "on"}
    assert values != {"origin": "empty", "end_rule": "50", "corner_capture": "on"}
    assert values.texts() == dict(values) and isinstance(values.texts(), dict)


def test_resolving_happens_once() -> None:
    game = get_game("brax")
    values = game.resolve_variants({"bare_draw": "off"})
    assert game.resolve_variants(values) is values
    # a resolved set of another game is not taken for this one's
    with pytest.raises(OptionError, match="hex has no variant option 'pass_through'"):
        get_game("hex").resolve_variants(values)


def test_resolved_values_are_immutable_hashable_and_survive_pickling() -> None:
    values = get_game("assalto").resolve_variants({"huffing": "on"})
    with pytest.raises(AttributeError):
        values.huffing = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        values["huffing"] = "off"  # type: ignore[index]
    same = get_game("assalto").resolve_variants({"huffing": "on"})
    assert hash(values) == hash(same) and {values: 1}[same] == 1
    copy = pickle.loads(pickle.dumps(values))
    assert copy == values and copy.huffing is True and copy.no_progress == 100


def test_unknown_attribute_names_the_known_options() -> None:
    values = get_game("hex").resolve_variants({})
    with pytest.raises(AttributeError, match=r"hex has no variant option 'colour' \(known: swap\)"):
        values.colour


@pytest.mark.parametrize(
    ("game", "given", "message"),
    [
        ("hex", {"swap": "maybe"}, "--variant: hex variant swap takes on, off, not 'maybe'"),
        ("surakarta", {"end_rule": "40"}, "--variant: surakarta variant end_rule takes 50, off, not '40'"),
        ("ringo", {"no_progress": "0100"}, "--variant: ringo variant no_progress takes 100, 50, 200, off, not '0100'"),
        ("brax", {"colour": "red"}, "--variant: brax has no variant option 'colour' (known: pass_through, brax_answer"),
    ],
)
def test_bad_values_name_the_option_and_list_the_allowed_ones(game: str, given: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError) as info:
        get_game(game).resolve_variants(given)
    assert str(info.value).startswith(message)


def test_the_option_name_in_errors_can_be_a_front_matter_key() -> None:
    with pytest.raises(OptionError, match="^variant: hex variant swap takes on, off, not 'yes'$"):
        get_game("hex").resolve_variants({"swap": "yes"}, option="variant")


def test_declarations_are_checked() -> None:
    with pytest.raises(ValueError, match="default"):
        Variant.choice("speed", ("slow", "fast"), "medium", "doc")
    with pytest.raises(ValueError, match="boolean"):
        Variant("flag", ("yes", "no"), "yes", "doc", kind="bool")
    with pytest.raises(ValueError, match="whole number"):
        Variant("limit", ("100", "lots"), "100", "doc", kind="int")
    with pytest.raises(ValueError, match="identifier"):
        Variant.boolean("items", True, "doc")  # would hide the Mapping method
    with pytest.raises(ValueError, match="identifier"):
        Variant.boolean("no-progress", True, "doc")


def test_integer_option_values_in_declared_order_with_off_last() -> None:
    variant = Variant.integer("limit", (100, 50, 200), 100, "doc", off=True)
    assert variant.values == ("100", "50", "200", "off") and variant.default == "100"
    assert [variant.typed(v) for v in variant.values] == [100, 50, 200, None]
    assert Variant.integer("limit", (5,), None, "doc", off=True).typed_default is None


def test_list_json_gives_each_variant_its_type() -> None:
    by_id = {g.id: g.to_json() for g in all_games()}
    kinds = {v["name"]: v["type"] for v in by_id["surakarta"]["variants"]}
    assert kinds == {"origin": "choice", "end_rule": "int", "corner_capture": "bool"}
    end_rule = next(v for v in by_id["surakarta"]["variants"] if v["name"] == "end_rule")
    assert end_rule["numbers"] == [50] and end_rule["off"] is True and end_rule["values"] == ["50", "off"]


def test_a_variant_says_who_plays_each_value_and_list_shows_it() -> None:
    played = Variant.choice("rules", ("house", "club"), "house", "doc", source={"club": "the club's book"})
    assert played.to_json()["source"] == {"club": "the club's book"}
    assert Variant.boolean("swap", False, "doc").to_json()["source"] == {}  # optional: none declared
    with pytest.raises(ValueError, match="source of 'tournament'"):
        Variant.choice("rules", ("house", "club"), "house", "doc", source={"tournament": "FIDE"})
    with pytest.raises(ValueError, match="source of 'on'"):
        Variant.boolean("swap", False, "doc", source={"on": " "})


@pytest.mark.parametrize("game", [g for g in all_games() if g.engine], ids=lambda g: g.id)
def test_engines_take_plain_texts_or_the_resolved_values_alike(game) -> None:
    engine = game.load_engine()
    last = {v.name: v.values[-1] for v in game.variants}
    resolved = game.resolve_variants(last)
    from_dict = engine.initial(game.default_size, last)
    from_values = engine.initial(game.default_size, resolved)
    assert from_dict.to_text() == from_values.to_text()
    assert [m.text for m in from_dict.legal_moves()] == [m.text for m in from_values.legal_moves()]
    again = engine.from_text(from_dict.to_text(), dict(resolved))
    assert again.to_text() == from_dict.to_text()


def test_a_misspelt_value_reaching_an_engine_is_refused_not_read_as_the_other_value() -> None:
    with pytest.raises(OptionError, match="swap takes on, off, not 'On'"):
        get_game("hex").load_engine().initial(5, {"swap": "On"})


def test_engines_do_not_parse_variant_texts() -> None:
    """Engines read typed attributes; comparing option texts with "on" or indexing by name is the old way."""
    sources = list((ROOT / "boardgen" / "games").glob("*/*.py")) + list((ROOT / "boardgen" / "engine").glob("*.py"))  # rules and their modules
    pattern = re.compile(r"""(variants|chosen|values|options)\[["']|==\s*["'](on|off)["']""")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources
        if path.name != "variants.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert not offenders, "\n".join(offenders)


def test_a_made_up_game_resolves_without_the_registry() -> None:
    declared = (Variant.boolean("fast", False, "doc", on_first=False), Variant.integer("cap", (3, 5), 3, "doc"))
    values = resolve_variants("toy", declared, {"cap": "5"})
    assert isinstance(values, VariantValues) and values.fast is False and values.cap == 5
    assert repr(values) == "VariantValues(toy: fast=off, cap=5)"


SHORTHAND = (
    Variant.boolean("swap", False, "swap rule"),
    Variant.integer("limit", (50, 100), 50, "move limit", off=True),
    Variant.choice("rules", ("house", "club"), "house", "shorthand", presets={"club": {"swap": "on", "limit": "off"}}),
)


def test_a_shorthand_fills_the_options_not_given_and_a_written_default_wins() -> None:
    assert resolve_variants("toy", SHORTHAND, {"rules": "club"}).texts() == {"swap": "on", "limit": "off", "rules": "club"}
    # swap=off is the default, but written out it is the caller's choice, not a default left alone
    assert resolve_variants("toy", SHORTHAND, {"rules": "club", "swap": "off"}).swap is False
    assert resolve_variants("toy", SHORTHAND, {}).texts() == {"swap": "off", "limit": "50", "rules": "house"}
    # resolving the resolved texts again changes nothing
    once = resolve_variants("toy", SHORTHAND, {"rules": "club", "limit": "100"})
    assert resolve_variants("toy", SHORTHAND, once.texts()) == once
    assert SHORTHAND[2].to_json()["presets"] == {"club": {"swap": "on", "limit": "off"}}


def test_a_preset_must_belong_to_a_choice_and_name_real_values() -> None:
    with pytest.raises(ValueError, match="preset 'tournament'"):
        Variant.choice("rules", ("house", "club"), "house", "x", presets={"tournament": {"swap": "on"}})
    broken = (*SHORTHAND[:2], Variant.choice("rules", ("house", "club"), "house", "x", presets={"club": {"swap": "maybe"}}))
    with pytest.raises(OptionError, match="swap takes on, off, not 'maybe'"):
        resolve_variants("toy", broken, {"rules": "club"})
