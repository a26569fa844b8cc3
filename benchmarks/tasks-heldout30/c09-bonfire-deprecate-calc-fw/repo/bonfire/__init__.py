"""Budgets for the Lewes Road bonfire society."""
