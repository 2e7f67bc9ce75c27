"""Content in: YAML read with places and limits, schemas, translations, images checked."""
