"""Bundled house-rule variants (package data)."""
