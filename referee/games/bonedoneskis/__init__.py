"""Bonedoneskis: six-card stud with 26 house rules (see `../shared/rules/bonedoneskis-house-rules.txt`)."""

from .game import Bonedoneskis, BonedoneskisSettings

__all__ = ["Bonedoneskis", "BonedoneskisSettings"]
