"""Built-in rules, one per module. Each module registers its rule with @register."""
