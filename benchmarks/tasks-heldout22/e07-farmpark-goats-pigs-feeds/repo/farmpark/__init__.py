"""Feeding rota and visitor signs for Brookside Farm Park."""
