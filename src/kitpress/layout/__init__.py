"""Layout files in: layouts looked up and merged, papers and card sizes as data."""
