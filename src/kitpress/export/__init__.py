"""Kits out of kitpress: per-card images, Tabletop Simulator's saved objects, print shops' files."""
