"""Marlow & Finch sale reports."""
