"""Content bound into layouts: jinja in the sandbox, faces and documents out (the scene), and its dump."""
