"""Imposition as pure geometry: card grids, mirrored backs, board tiles and fitted boards."""
