"""Eastfield Lido lifeguard rota."""
