"""The bundled rule files (package data)."""
