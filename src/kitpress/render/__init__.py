"""The scene painted into PDFs: card sheets, boards, documents, the kit's own pages (reportlab, pikepdf)."""
