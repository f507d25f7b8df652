"""The rules-engine interface shared by every game, and tools built on it (perft)."""

from boardgen.engine.base import GameState, Move, Outcome, Piece

__all__ = ["GameState", "Move", "Outcome", "Piece"]
