"""The kit page (build/index.html) and previews: thumbnails and contact sheets (pypdfium2, Pillow)."""
