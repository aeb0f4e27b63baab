"""Tests of the web table."""
