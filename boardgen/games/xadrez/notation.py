"""How Xadrez moves are written: the tables and patterns of SAN, UCI and long algebraic.

One job: the spelling of a move, shared by the state (:mod:`.rules`, which reads
moves) and the refusal reasons (:mod:`.refusals`, which say why a text is not a
legal move), so that neither imports the other.
"""

from __future__ import annotations

import re

import chess

WHITE, BLACK = 0, 1
SIDE_WORDS = {WHITE: "White", BLACK: "Black"}
KIND = {
    chess.KING: "king",
    chess.QUEEN: "queen",
    chess.ROOK: "rook",
    chess.BISHOP: "bishop",
    chess.KNIGHT: "knight",
    chess.PAWN: "pawn",
}
SAN_LETTER = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
SQUARES: tuple[str, ...] = tuple(chess.SQUARE_NAMES)
CLAIM = "claim"
VIA = "via"

SAN_RE = re.compile(r"^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBNKP]))?$")
UCI_RE = re.compile(r"^([a-h][1-8])([a-h][1-8])([qrbnkp])?$")
CASTLE_RE = re.compile(r"^(?:O-O(-O)?|0-0(-0)?)$")
LONG_RE = re.compile(r"^([a-h][1-8])[-x]([a-h][1-8])(?:=?([QRBNKPqrbnkp]))?$")
PGN_STOP_RE = re.compile(r"@\s*(\d+)\s*(\.\.\.|\.)\s*$")


def side_of(colour: chess.Color) -> int:
    return WHITE if colour == chess.WHITE else BLACK


def strip_annotation(text: str) -> str:
    """SAN without what does not choose the move: check and mate signs, ``!``/``?``, ``e.p.``.

    Long algebraic (``e2-e4``, ``e4xd5``, ``e7-e8=Q``) becomes UCI (``e2e4``):
    diagrams write refused moves so, because the dash shows both squares.
    """
    text = text.strip()
    if text.lower().endswith("e.p."):
        text = text[:-4].strip()
    text = text.rstrip("+#!?")
    long = LONG_RE.match(text)
    if long:
        text = long.group(1) + long.group(2) + (long.group(3) or "").lower()
    return text
