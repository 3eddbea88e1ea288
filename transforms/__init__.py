"""Rewrite rules: how variants are made. Public: Rule, RuleTransformer, register, all_rules."""

from .base import Rewrite, Rule, RuleTransformer
from .registry import RuleError, all_rules, get_rule, register

__all__ = ["Rewrite", "Rule", "RuleTransformer", "RuleError", "all_rules", "get_rule", "register"]
